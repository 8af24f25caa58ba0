import type { Kysely } from 'kysely';

/**
 * Issue 27 point 2: per-client rate limits that hold across API processes (docs/api.md "Rate
 * limits"). Each process counts its own admissions per client and fixed window and, at a short
 * interval (COFRE_RATE_LIMIT_SYNC_MS), reads the others' rows and writes its own: one row per
 * client, window and process with `count` (admitted) and `claimed` (what it may admit before
 * its next exchange); nothing is written per request. Rows of past windows are swept. `api_clients.rate_limit` is a back-office override
 * of the deployment's COFRE_RATE_LIMIT_PER_MINUTE for one client; null keeps the default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counts')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('claimed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counts_pk', ['client_id', 'window_start', 'process_id'])
    .execute();
  await db.schema
    .createIndex('rate_limit_counts_window')
    .on('rate_limit_counts')
    .column('window_start')
    .execute();
  await db.schema.alterTable('api_clients').addColumn('rate_limit', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').dropColumn('rate_limit').execute();
  await db.schema.dropTable('rate_limit_counts').execute();
}
