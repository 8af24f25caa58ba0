import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Tables } from './database.js';

/**
 * A keyset page (`page`: applyKeyset's query, ordered by `created_at` and `id`) kept within the
 * page weight by the statement itself, so a page of heavy rows does not read `limit + 1` of them
 * to send ten (lib/pagination.ts withinPageWeight, which still makes the cut and the cursor): a
 * row is answered while the `weightColumn` bytes of the rows two and more before it, in the page's
 * order, stay under `budget` — the rows up to the one that reaches the budget, and one more,
 * which tells withinPageWeight that the list goes on. Both count UTF-8 bytes (storedWeight), so
 * both cuts fall on the same row. `octet_length`, not `length`: PostgreSQL answers a text's byte
 * length from its TOAST header, while its character length decompresses the value first — about
 * 4 µs a row for 50 metadata pairs, read once more to be sent. The page's columns are answered
 * as named in `columns` (a hot read must name them), or, without, all of them and
 * `weight_before`.
 */
export function withinWeightInSql<O>(
  db: Kysely<Tables>,
  page: SelectQueryBuilder<Tables, keyof Tables, O>,
  order: 'asc' | 'desc',
  weightColumn: string,
  columns: readonly string[] | undefined,
  budget: number,
): SelectQueryBuilder<Tables, keyof Tables, O> {
  const dir = sql.raw(order);
  const before = sql<number>`coalesce(sum(octet_length(${sql.ref(weightColumn)})) over (order by ${sql.ref('created_at')} ${dir}, ${sql.ref('id')} ${dir} rows between unbounded preceding and 2 preceding), 0)`;
  const named = (columns ?? []).map((column) => sql`${sql.ref(column)}`.as(column));
  const weighed =
    columns === undefined
      ? db.selectFrom(page.as('page')).selectAll('page').select(before.as('weight_before'))
      : db.selectFrom(page.as('page')).select(() => [...named, before.as('weight_before')]);
  const answered =
    columns === undefined
      ? db.selectFrom(weighed.as('weighed')).selectAll()
      : db.selectFrom(weighed.as('weighed')).select(() => named);
  return answered
    .where(sql.ref('weight_before'), '<', sql.lit(budget))
    .orderBy(sql`${sql.ref('created_at')} ${dir}`)
    .orderBy(sql`${sql.ref('id')} ${dir}`) as unknown as SelectQueryBuilder<
    Tables,
    keyof Tables,
    O
  >;
}
