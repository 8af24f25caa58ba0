import type { Tx } from '../../../db/transact.js';
import { stringifyMoneyJson } from '../../../lib/money-json.js';
import { findOperationById } from '../../operations.repository.js';
import { parsePixPayment } from '../pix-payment/pix-payment.js';
import { parseWithdrawal } from '../withdrawal/withdrawal.js';

/**
 * A payout's end-to-end id as the payer's PSP assigned it (rails/pix, docs/rails.md "PIX
 * payouts"): the SPI's id of the Pix that left, which the receiver's bank shows too. Written on
 * a withdrawal or PIX payment still open (REQUESTED or PROCESSING); set before startProcessing,
 * it is the one the operation shows from PROCESSING on, as the kind mints its own only when none
 * is there. False when the operation is neither kind or is final.
 */
export async function setPspEndToEndId(
  tx: Tx,
  operationId: string,
  endToEndId: string,
): Promise<boolean> {
  const row = await findOperationById(tx.trx, operationId);
  if (row === undefined || (row.status !== 'REQUESTED' && row.status !== 'PROCESSING')) {
    return false;
  }
  let details: string;
  if (row.type === 'WITHDRAWAL') {
    details = stringifyMoneyJson({ ...parseWithdrawal(row.details), endToEndId });
  } else if (row.type === 'PIX_PAYMENT') {
    details = stringifyMoneyJson({ ...parsePixPayment(row.details), endToEndId });
  } else {
    return false;
  }
  await tx.trx
    .updateTable('operations')
    .set({ details })
    .where('id', '=', operationId)
    .where('status', '=', row.status)
    .execute();
  return true;
}
