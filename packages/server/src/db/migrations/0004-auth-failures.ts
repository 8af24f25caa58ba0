import type { Kysely } from 'kysely';

/**
 * Counters of token-endpoint attempts, shared by every API process on the database, so the
 * failure limit holds across processes and under concurrency (modules/oauth/failure-limiter.ts).
 * One row per key (`addr:<address>` or `pair:<client id>|<address>`) and fixed window (opened
 * by the first attempt): `count` is failures plus attempts still being evaluated (what the
 * limit applies to), `failures` the settled failures alone (what Retry-After depends on).
 * Rows whose window has passed are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failures_window')
    .on('auth_failures')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_failures').execute();
}
