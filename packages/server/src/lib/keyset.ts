import { sql, type SelectQueryBuilder } from 'kysely';
import type { KeysetPlan } from './pagination.js';

/**
 * Applies a keyset plan to a query: rows strictly beyond the cursor in the plan's order, ordered
 * by (sortColumn, idColumn), at most `plan.fetch` of them. Row-value comparison is used on both
 * engines; each uses its (owner, sort, id) index for it.
 */
export function applyKeyset<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  plan: Pick<KeysetPlan, 'after' | 'order' | 'fetch'>,
  sortColumn: string,
  idColumn: string,
): SelectQueryBuilder<DB, TB, O> {
  const sort = sql.ref(sortColumn);
  const id = sql.ref(idColumn);
  let query = qb;
  if (plan.after) {
    const op = sql.raw(plan.order === 'desc' ? '<' : '>');
    query = query.where(
      sql<boolean>`(${sort}, ${id}) ${op} (${plan.after.sortValue}, ${plan.after.id})`,
    );
  }
  const dir = sql.raw(plan.order);
  return query
    .orderBy(sql`${sort} ${dir}`)
    .orderBy(sql`${id} ${dir}`)
    .limit(plan.fetch);
}
