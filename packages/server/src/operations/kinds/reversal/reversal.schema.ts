import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../../lib/schema.js';
import { operationCommon } from '../../operation-common.schema.js';

/** A REVERSAL operation as the API shows it (docs/admin.md "Reversals"). */
export const ReversalOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('REVERSAL'),
  originalOperationId: Type.String({
    description: 'The COMPLETED deposit or withdrawal this operation compensates.',
    examples: ['op_01JD6Q3W8ZK2C1V7R4X9B5N0AR'],
  }),
  originalType: StringEnum(['DEPOSIT', 'WITHDRAWAL'] as const, {
    description:
      "A DEPOSIT's reversal debits the account `amount`; a WITHDRAWAL's credits it back.",
  }),
  reversalReason: Type.Object(
    { code: Type.String(), message: Type.String() },
    { description: 'Why the back-office reversed it, as the operator gave it.' },
  ),
});
