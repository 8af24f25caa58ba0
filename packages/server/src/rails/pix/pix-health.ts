import type { Db } from '../../db/database.js';
import { PAYOUT_WAITS, type PayoutWait, type RailHealth } from '../rail.js';
import { railJobRuns } from '../rail-job-runs.js';
import { PIX_RAIL } from './pix-context.js';
import { pixPayoutCounts } from './payouts/payouts-health.js';

/** A window job whose cursor is this far behind more than its interval is not keeping up. */
const STALE_AFTER_MS = 5 * 60_000;

/**
 * The PIX rail's health from the database alone (docs/rails.md "PIX: health"): psp-failing while
 * any of its jobs' last run failed; lagging while the reconciliation window is further behind
 * than its interval allows (no worker, or one stuck); the backlog of charges to create and
 * webhook notifications to read back, refunds not final yet; the payouts by status (QUEUED: to send; SENT: waiting for
 * the PSP's outcome). A chain's fields (head, cursor, confirmations) are empty.
 */
export async function pixHealth(
  db: Db,
  input: { intervalMs: number; now: number },
): Promise<RailHealth> {
  const jobs = await railJobRuns(db, PIX_RAIL);
  const charges = await db
    .selectFrom('rail_pix_charges')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'QUEUED')
    .executeTakeFirst();
  const notifications = await db
    .selectFrom('rail_pix_inbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('waiting', '=', 1)
    .executeTakeFirst();
  const cursor = await db
    .selectFrom('rail_pix_cursors')
    .select('reconciled_to')
    .where('rail', '=', PIX_RAIL)
    .executeTakeFirst();
  const windowLagMs = cursor?.reconciled_to == null ? 0 : input.now - cursor.reconciled_to;
  const failing = Object.values(jobs).some((j) => j.failures > 0);
  const payouts = await pixPayoutCounts(db);
  // Refunds not final yet: to ask the PSP for (QUEUED), or waiting for its answer (REQUESTED).
  const refunds = await db
    .selectFrom('rail_pix_refunds')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', ['QUEUED', 'REQUESTED'])
    .executeTakeFirst();
  return {
    rail: PIX_RAIL,
    network: 'PIX',
    state: failing
      ? 'psp-failing'
      : windowLagMs > 2 * input.intervalMs + STALE_AFTER_MS
        ? 'lagging'
        : 'ok',
    head: null,
    headSeenAt: null,
    cursor: null,
    lagBlocks: null,
    confirmations: 0,
    payouts,
    waiting: Object.fromEntries(PAYOUT_WAITS.map((w) => [w, 0])) as Record<PayoutWait, number>,
    jobs,
    backlog: {
      charges: Number(charges?.count ?? 0),
      notifications: Number(notifications?.count ?? 0),
      refunds: Number(refunds?.count ?? 0),
      windowLagMs,
    },
  };
}
