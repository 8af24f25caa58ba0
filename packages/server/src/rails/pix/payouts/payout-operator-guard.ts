import type { OperatorGuard } from '../../../operations/index.js';

/**
 * What the back-office may still do by hand on a withdrawal or PIX payment the PIX rail pays
 * (docs/rails.md "The back-office and rails"): fail one whose payout was never sent — its intent
 * fails with it, in the same transaction, so the payouts job never sends it (the job records each
 * attempt with a compare-and-set on the same row, so one of the two wins). Never complete one:
 * the PSP says it was paid, once. One that was attempted may have reached the PSP: only the PSP's
 * answer ends it. An operation without a payout row (requested before payouts were on the rail)
 * is the back-office's, as before.
 */
export const payoutOperatorGuard: OperatorGuard = async (tx, operation, step) => {
  const payout = await tx.trx
    .selectFrom('rail_pix_payouts')
    .select(['status', 'attempts'])
    .where('operation_id', '=', operation.id)
    .executeTakeFirst();
  if (payout === undefined) return undefined;
  const settledBy = 'it is paid through the PIX rail (docs/rails.md "PIX payouts")';
  if (step !== 'fail') {
    return `${operation.id} is completed when the PSP reports its Pix paid; ${settledBy}.`;
  }
  const cancelled = await tx.trx
    .updateTable('rail_pix_payouts')
    .set({
      status: 'FAILED',
      last_error: 'failed by the back-office before it was sent',
      updated_at: operation.updated_at,
    })
    .where('operation_id', '=', operation.id)
    .where('status', '=', 'QUEUED')
    .where('attempts', '=', 0)
    .executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) === 1) return undefined;
  return payout.status === 'QUEUED' || payout.status === 'SENT'
    ? `The payout of ${operation.id} was sent to the PSP (${payout.attempts} attempt(s)); only the PSP's answer ends it now; ${settledBy}.`
    : `The payout of ${operation.id} is ${payout.status}; ${settledBy}.`;
};
