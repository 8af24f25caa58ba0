import type { Tx } from '../../../db/transact.js';
import type { JobQueue } from '../../../jobs/index.js';
import {
  completeOperation,
  failOperation,
  setPspEndToEndId,
  startProcessing,
} from '../../../operations/index.js';
import type { PixPayoutState } from './pix-payout-adapter.js';
import type { PixPayoutStatus, RailPixPayoutsTable } from './pix-payouts.table.js';

export type Payout = Pick<RailPixPayoutsTable, 'operation_id' | 'status' | 'end_to_end_id'>;

/**
 * What the PSP said of a payout, recorded with the operation's move in one transaction (the
 * caller's, fenced): PROCESSING → the payout SENT, the operation PROCESSING; COMPLETED → the
 * operation COMPLETED (its hold captured); FAILED → the operation FAILED (its hold released).
 * The end-to-end id is the PSP's, written on the operation before it starts PROCESSING, so the
 * kind never mints one of its own when the PSP gave one (operations/kinds/shared/
 * psp-end-to-end-id.ts). Every move is a compare-and-set from the status read: a late or
 * repeated answer changes nothing.
 */
export async function recordPayoutState(
  tx: Tx,
  deps: { queue: JobQueue },
  payout: Payout,
  state: PixPayoutState,
  at: number,
): Promise<void> {
  const id = payout.operation_id;
  const endToEndId = state.endToEndId ?? payout.end_to_end_id;
  if (state.state === 'PROCESSING' && payout.status === 'SENT') {
    await move(tx, payout, 'SENT', { end_to_end_id: endToEndId, checked_at: at, updated_at: at });
    if (state.endToEndId !== undefined && payout.end_to_end_id === null) {
      await setPspEndToEndId(tx, id, state.endToEndId);
    }
    return;
  }
  const status = state.state === 'PROCESSING' ? 'SENT' : state.state;
  const moved = await move(tx, payout, status, {
    end_to_end_id: endToEndId,
    last_error: state.state === 'FAILED' ? state.reason.slice(0, 500) : null,
    checked_at: at,
    updated_at: at,
  });
  if (!moved) return;
  if (endToEndId !== null) await setPspEndToEndId(tx, id, endToEndId);
  if (state.state === 'FAILED') {
    await failOperation(tx, deps, id, rejected(state.reason), at);
    return;
  }
  // From QUEUED the operation is still REQUESTED; from SENT it is PROCESSING already (false).
  await startProcessing(tx, deps, id, at);
  if (state.state === 'COMPLETED') await completeOperation(tx, deps, id, at);
}

/** The documented failure code of a rail's refusal (docs/api.md "Failure reasons"). */
function rejected(reason: string) {
  return {
    code: 'RAIL_REJECTED',
    message: `The PIX provider did not make the payment: ${reason}`.slice(0, 500),
  };
}

async function move(
  tx: Tx,
  payout: Payout,
  status: PixPayoutStatus,
  set: Partial<
    Pick<RailPixPayoutsTable, 'end_to_end_id' | 'last_error' | 'checked_at' | 'updated_at'>
  >,
): Promise<boolean> {
  const result = await tx.trx
    .updateTable('rail_pix_payouts')
    .set({ status, ...set })
    .where('operation_id', '=', payout.operation_id)
    .where('status', '=', payout.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
