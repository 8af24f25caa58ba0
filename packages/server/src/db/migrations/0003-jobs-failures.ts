import type { Kysely } from 'kysely';

/**
 * Failure accounting for jobs (graphile-worker's `attempts` / `last_error`): a handler that throws
 * is retried with capped exponential backoff, and after the last allowed attempt the job is
 * parked (`failed_at` set): kept for operators, never claimed, re-queued by `cofre jobs retry`.
 * `claims` (0002) still counts every claim, crashes included; `attempts` counts handler failures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('jobs').addColumn('last_error', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('failed_at', 'bigint').execute();
  // Operators list parked jobs newest first; the claim query skips them by this column.
  await db.schema.createIndex('jobs_failed').on('jobs').columns(['failed_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_failed').execute();
  for (const column of ['failed_at', 'last_error', 'attempts']) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
}
