import type { Clock } from '../../../lib/clock.js';
import type { OperatorGuard } from '../../../operations/index.js';

/**
 * What the back-office may still do by hand on a refund the PIX rail settles (docs/rails.md
 * "The back-office and rails"): fail one the refunds job has not begun to send — its intent is
 * cancelled in the same transaction, so it is never sent. Once sending began the PSP may hold
 * it, and only the PSP's answer ends it; completing one by hand is never allowed (the PSP says
 * whether the money went back). A refund without an intent is the back-office's, as before.
 */
export function refundOperatorGuard(clock: Clock): OperatorGuard {
  return async (tx, operation, step) => {
    const intent = await tx.trx
      .selectFrom('rail_pix_refunds')
      .select(['status', 'sending_at'])
      .where('operation_id', '=', operation.id)
      .executeTakeFirst();
    if (!intent) return undefined;
    const settledBy = 'it settles through the PIX rail (docs/rails.md "PIX: refunds")';
    if (step !== 'fail') {
      return `Refund ${operation.id} completes when the PSP reports the money returned; ${settledBy}.`;
    }
    // The job's claim (sending_at) and this cancel are conditional writes on the same row: one wins.
    const cancelled = await tx.trx
      .updateTable('rail_pix_refunds')
      .set({ status: 'CANCELLED', updated_at: clock.now() })
      .where('operation_id', '=', operation.id)
      .where('status', '=', 'QUEUED')
      .where('sending_at', 'is', null)
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 1) return undefined;
    return `Refund ${operation.id} was sent to the PSP (${intent.status}); only the PSP's answer ends it, and ${settledBy}.`;
  };
}
