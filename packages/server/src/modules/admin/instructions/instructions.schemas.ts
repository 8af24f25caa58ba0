import { Type } from '@sinclair/typebox';
import { PaymentInstruction } from '../../beneficiaries/index.js';
import { Id } from '../admin.schemas.js';

export const InstructionParams = Type.Object({ instructionId: Id });

/** The customer API's own view, with whose it is (an operator reads across customers). */
export const OperatorInstruction = Type.Object({
  customerId: Type.String(),
  beneficiaryId: Type.String(),
  instruction: Type.Ref(PaymentInstruction),
});
