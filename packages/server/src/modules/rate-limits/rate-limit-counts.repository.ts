import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LocalCount, SharedCount } from '../../lib/rate-limiter.js';

/**
 * What the other processes wrote for `clientIds` in `window` (lib/rate-limiter.ts
 * WindowShares): their counts, their claims and how many they are, in one SELECT for all the
 * clients of an exchange.
 */
export async function readOthers(
  db: Db,
  processId: string,
  window: number,
  clientIds: readonly string[],
): Promise<SharedCount[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .selectFrom('rate_limit_counts')
    .select([
      'client_id',
      sql<string | number>`sum(count)`.as('others'),
      sql<string | number>`sum(claimed)`.as('claimed'),
      sql<string | number>`count(process_id)`.as('processes'),
    ])
    .where('window_start', '=', window)
    .where('client_id', 'in', clientIds)
    .where('process_id', '<>', processId)
    .groupBy('client_id')
    .execute();
  return rows.map((r) => ({
    clientId: r.client_id,
    others: Number(r.others),
    claimed: Number(r.claimed),
    processes: Number(r.processes),
  }));
}

/** Writes this process's rows of `window` in one multi-row UPSERT. */
export async function writeOwn(
  db: Db,
  processId: string,
  window: number,
  rows: readonly LocalCount[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('rate_limit_counts')
    .values(
      // Sorted, so concurrent exchanges lock rows in one order (no deadlock on PostgreSQL).
      [...rows]
        .sort((a, b) => (a.clientId < b.clientId ? -1 : 1))
        .map((r) => ({
          client_id: r.clientId,
          window_start: window,
          process_id: processId,
          count: r.count,
          claimed: r.claimed,
        })),
    )
    .onConflict((oc) =>
      oc.columns(['client_id', 'window_start', 'process_id']).doUpdateSet((eb) => ({
        count: eb.ref('excluded.count'),
        claimed: eb.ref('excluded.claimed'),
      })),
    )
    .execute();
}

/** Drops the rows of windows before `window` (they decide nothing any more). */
export async function sweepCounts(db: Db, window: number): Promise<void> {
  await db.deleteFrom('rate_limit_counts').where('window_start', '<', window).execute();
}
