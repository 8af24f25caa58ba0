import type { Db } from '../../../db/database.js';
import { PIX_PAYOUT_STATUSES, type PixPayoutStatus } from './pix-payouts.table.js';

/**
 * The PIX payouts by status, every status listed (0 when none), for the rail's health and the
 * back-office (docs/rails.md "PIX: health"): QUEUED is the backlog to send, SENT what waits for
 * the PSP's outcome. One grouped count over the status index.
 */
export async function pixPayoutCounts(db: Db): Promise<Record<PixPayoutStatus, number>> {
  const rows = await db
    .selectFrom('rail_pix_payouts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(PIX_PAYOUT_STATUSES.map((s) => [s, 0])) as Record<
    PixPayoutStatus,
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
