import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { notFound } from '../../../lib/errors.js';
import { isId } from '../../../lib/ids.js';
import { toInstruction, type PaymentInstruction } from '../../beneficiaries/index.js';
import { findInstructionForOperator } from './instructions.repository.js';

/** instructions.schemas.ts OperatorInstruction: the customer API's view, with whose it is. */
export interface OperatorInstructionView {
  customerId: string;
  beneficiaryId: string;
  instruction: PaymentInstruction;
}

/** The payment instruction as an operator sees it, or 404 (a malformed id too: customer-view.ts). */
export async function instructionOr404(
  db: Db | Trx,
  instructionId: string,
): Promise<OperatorInstructionView> {
  const row =
    isId('paymentInstruction', instructionId) &&
    (await findInstructionForOperator(db, instructionId));
  if (!row) throw notFound('Payment instruction', instructionId);
  return {
    customerId: row.customer_id,
    beneficiaryId: row.beneficiary_id,
    instruction: toInstruction(row),
  };
}
