/**
 * The plan of the list query the server runs, first page and deep page: EXPLAIN QUERY PLAN on
 * SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL. The query is built with Kysely the way
 * accounts.repository.ts and lib/keyset.ts build it, so the SQL text is the same.
 */
export async function explainList(db, engine, customerId, after) {
  const prefix = engine === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, BUFFERS) ';
  const plans = {};
  for (const [name, position] of [
    ['first', undefined],
    ['deep', after],
  ]) {
    let query = db.selectFrom('accounts').selectAll().where('customer_id', '=', customerId);
    if (position) {
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(position.created_at, position.id)),
      );
    }
    const compiled = query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(11).compile();
    const { rows } = await db.executeQuery({ ...compiled, sql: prefix + compiled.sql });
    plans[name] = {
      sql: compiled.sql,
      plan: rows.map((row) => (engine === 'sqlite' ? row.detail : row['QUERY PLAN'])),
    };
  }
  const usesIndex = Object.values(plans).every((p) =>
    p.plan.some((line) => line.includes('accounts_customer_created')),
  );
  return { ...plans, usesIndex };
}
