import type { Tx } from '../../../db/transact.js';
import type { JobQueue } from '../../../jobs/index.js';
import { stringifyMoneyJson } from '../../../lib/money-json.js';
import { startProcessing } from '../../lifecycle/operations.lifecycle.js';
import { findOperationById } from '../../operations.repository.js';
import { parsePixRefund, type PixRefundDetails } from './pix-refund.js';

/**
 * REQUESTED → PROCESSING for a refund a rail sent (rails/pix/refunds), with the return id the PSP
 * gave it — API Pix's `rtrId`, the pacs.004 ReturnIdentification the payer's bank sees — as its
 * `endToEndId`, instead of one made here. False, changing nothing, when the operation is not a
 * REQUESTED PIX_REFUND (a duplicate or late report).
 */
export async function startRefundReturn(
  tx: Tx,
  deps: { queue: JobQueue },
  operationId: string,
  returnId: string,
  at: number,
): Promise<boolean> {
  const row = await findOperationById(tx.trx, operationId);
  if (row?.type !== 'PIX_REFUND' || row.status !== 'REQUESTED') return false;
  const details: PixRefundDetails = { ...parsePixRefund(row.details), endToEndId: returnId };
  await tx.trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details) })
    .where('id', '=', operationId)
    .where('status', '=', 'REQUESTED')
    .execute();
  // The kind's processing step keeps an endToEndId already set.
  return startProcessing(tx, deps, operationId, at);
}
