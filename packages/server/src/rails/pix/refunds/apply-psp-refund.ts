import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../../db/transact.js';
import type { JobQueue } from '../../../jobs/index.js';
import { completeOperation, failOperation, startRefundReturn } from '../../../operations/index.js';
import type { PspRefund } from '../psp/api-pix.js';
import { valorOf } from '../pix-values.js';
import type { RailPixRefundsTable, RefundStatus } from './refunds.tables.js';

export type RefundRow = RailPixRefundsTable;

/** The first status read of a refund the PSP is processing comes this long after it was put. */
const FIRST_POLL_MS = 5_000;
/** The longest wait between two status reads of one refund (the webhook is the fast path). */
const MAX_POLL_MS = 10 * 60_000;

/** When a refund still EM_PROCESSAMENTO after `polls` reads is read again: 5 s, doubling, up to 10 min. */
export const pollAt = (at: number, polls: number): number =>
  at + Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.min(polls, 20));

/** The refund's failure reason, with the PSP's own words when it gave some. */
export const refundFailure = (why: string | undefined, prefix: string) => ({
  code: 'RAIL_REJECTED',
  message: `${prefix}${why ? `: ${why}` : '.'}`.slice(0, 500),
});

/**
 * What the PSP says of one of cofre's refunds (its Devolucao), taken as the truth, once
 * (docs/rails.md "PIX: refunds"): EM_PROCESSAMENTO → the intent REQUESTED and the refund
 * PROCESSING with the PSP's rtrId as its endToEndId; DEVOLVIDO → COMPLETED, the hold captured;
 * NAO_REALIZADO → FAILED with the PSP's motivo, the hold released and the amount refundable again.
 * Every move is a compare-and-set on the intent's status, so the same answer read twice (the
 * poll and the webhook, a notification repeated) changes nothing the second time. A devolução
 * under cofre's id for another amount is never adopted: the operator sees it on the row and in
 * the log. Runs in the caller's transaction, which has fenced its job's lease.
 */
export async function applyPspRefund(
  tx: Tx,
  deps: { queue: JobQueue; logger: FastifyBaseLogger },
  row: RefundRow,
  psp: PspRefund,
  at: number,
): Promise<void> {
  if (psp.valor !== valorOf(row.amount)) {
    const error = `the PSP holds refund ${row.devolucao_id} of ${row.end_to_end_id} for ${psp.valor}, not ${valorOf(row.amount)}`;
    deps.logger.error({ refund: row.operation_id }, `PIX rail: ${error}`);
    await tx.trx
      .updateTable('rail_pix_refunds')
      .set({ last_error: error, updated_at: at })
      .where('operation_id', '=', row.operation_id)
      .execute();
    return;
  }
  const found = { rtr_id: psp.rtrId, last_error: null };
  const refundId = row.operation_id;
  switch (psp.status) {
    case 'EM_PROCESSAMENTO':
      if (await move(tx, row, ['QUEUED'], 'REQUESTED', at, { ...found, poll_at: pollAt(at, 0) }))
        await startRefundReturn(tx, deps, refundId, psp.rtrId, at);
      return;
    case 'DEVOLVIDO':
      if (await move(tx, row, ['QUEUED', 'REQUESTED'], 'DEVOLVIDO', at, found)) {
        await startRefundReturn(tx, deps, refundId, psp.rtrId, at);
        await completeOperation(tx, deps, refundId, at);
      }
      return;
    case 'NAO_REALIZADO':
      if (
        await move(tx, row, ['QUEUED', 'REQUESTED'], 'NAO_REALIZADO', at, {
          ...found,
          motivo: psp.motivo ?? null,
        })
      ) {
        await startRefundReturn(tx, deps, refundId, psp.rtrId, at);
        const reason = refundFailure(psp.motivo, 'The PIX provider could not return the money');
        await failOperation(tx, deps, refundId, reason, at);
      }
  }
}

/** The intent's compare-and-set: true when it was in one of `from` and is now `to`. */
async function move(
  tx: Tx,
  row: RefundRow,
  from: RefundStatus[],
  to: RefundStatus,
  at: number,
  more: Partial<Pick<RefundRow, 'rtr_id' | 'motivo' | 'last_error' | 'poll_at'>>,
): Promise<boolean> {
  const moved = await tx.trx
    .updateTable('rail_pix_refunds')
    .set({ status: to, ...more, ...(to === 'REQUESTED' ? {} : { poll_at: null }), updated_at: at })
    .where('operation_id', '=', row.operation_id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
