import { sql } from 'kysely';
import type { Trx } from '../../db/transact.js';

/**
 * Takes the next `count` sequence numbers of each subscription (docs/webhooks.md "Sequence
 * numbers") and answers the first of each: one UPDATE adds each count to its subscription's
 * counter (`subscriptions.message_sequence`, the last number given) and returns the new values.
 *
 * Gap-free and repeat-free because the counter moves in the transaction that writes the
 * messages: if it rolls back, the numbers were never taken; while it runs, the rows are locked
 * (PostgreSQL: the fan-out read them FOR NO KEY UPDATE, and the UPDATE would lock them anyway;
 * SQLite: one writer), so a concurrent expansion reads the counter only once this one has
 * committed, and a reader never sees a number before the ones below it.
 */
export async function reserveSequences(
  trx: Trx,
  counts: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  if (counts.size === 0) return new Map();
  const entries = [...counts];
  // CASE id WHEN … THEN n: one statement whatever the number of subscriptions; the casts give
  // PostgreSQL the parameters' type (an untyped CASE would be text).
  const added = sql<number>`message_sequence + (case id ${sql.join(
    entries.map(([id, n]) => sql`when ${id} then cast(${n} as bigint)`),
    sql` `,
  )} end)`;
  const rows = await trx
    .updateTable('subscriptions')
    .set({ message_sequence: added })
    .where(
      'id',
      'in',
      entries.map(([id]) => id),
    )
    .returning(['id', 'message_sequence'])
    .execute();
  if (rows.length !== counts.size) {
    throw new Error(`sequence counters: ${counts.size} subscriptions asked, ${rows.length} found`);
  }
  return new Map(rows.map((r) => [r.id, Number(r.message_sequence) - counts.get(r.id)! + 1]));
}

/** How many times each value occurs, in first-seen order. */
export function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
