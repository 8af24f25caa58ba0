import { sql, type Kysely } from 'kysely';

/**
 * Fair queues (docs/webhooks.md "Isolation"). A subscription's jobs form a queue with its own
 * allowance of jobs in flight (`queue_limit`, copied from `subscriptions.max_concurrency`), and
 * the claim takes each queue's heads instead of due jobs in due order, so one backlog never
 * fills the workers. `priority` lets a due retry go before the first attempts of its queue.
 * Jobs without `queue_limit` keep running one at a time per queue (an operation's steps).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('max_concurrency', 'integer', (c) => c.notNull().defaultTo(4))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('jobs').addColumn('queue_limit', 'integer').execute();
  // Jobs already queued for subscriptions join their subscription's fair queue.
  await sql`update jobs set queue_limit = 4
            where kind in ('webhook.attempt', 'webhook.resend') and queue is not null`.execute(db);
  // Fair queues: the claim skips from queue to queue (one seek each) and reads each head.
  await db.schema
    .createIndex('jobs_fair_heads')
    .on('jobs')
    .columns(['queue', 'priority', 'run_at', 'id'])
    .where(sql.ref('queue_limit'), 'is not', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
  // Every other job, in due order, without walking past a fair queue's backlog.
  await db.schema
    .createIndex('jobs_other_due')
    .on('jobs')
    .columns(['run_at', 'id'])
    .where(sql.ref('queue_limit'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
  // One-at-a-time queues: "is this the head, and is nothing of its queue running?"
  await db.schema
    .createIndex('jobs_serial_queue')
    .on('jobs')
    .columns(['queue', 'run_at', 'id'])
    .where(sql.ref('queue'), 'is not', null)
    .where(sql.ref('queue_limit'), 'is', null)
    .execute();
  // Parked jobs only (operators list them). Over every row, SQLite's planner took it for the
  // claim's `failed_at is null` and read every live job: 270 ms a claim with 20,000 queued.
  await db.schema.dropIndex('jobs_failed').execute();
  await db.schema
    .createIndex('jobs_failed')
    .on('jobs')
    .columns(['failed_at', 'id'])
    .where(sql.ref('failed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_failed').execute();
  await db.schema.createIndex('jobs_failed').on('jobs').columns(['failed_at', 'id']).execute();
  for (const index of ['jobs_serial_queue', 'jobs_other_due', 'jobs_fair_heads']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('jobs').dropColumn('queue_limit').execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
  await db.schema.alterTable('subscriptions').dropColumn('max_concurrency').execute();
}
