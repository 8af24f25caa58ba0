import type { Kysely } from 'kysely';

/**
 * The webhook engine (svix's model) and the job queue it runs on:
 * events (what happened) → messages (one per event × matching subscription, with the exact
 * headers and signature every attempt reuses) → execution_logs (one immutable row per attempt).
 * `jobs` is the database-as-queue: rows with a due time, claimed under a lease.
 * Flags are integers (0/1) on both engines; better-sqlite3 cannot bind booleans.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createJobs(db);
  await createEvents(db);
  await createSubscriptions(db);
  await createMessages(db);
  await createExecutionLogs(db);
  await createIdempotencyKeys(db);
}

/** The queue: due jobs claimed under a lease. */
async function createJobs(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('queue', 'text')
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('claims', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['run_at', 'id']).execute();
  await db.schema.createIndex('jobs_subject').on('jobs').column('subject_id').execute();
  await db.schema.createIndex('jobs_lease').on('jobs').column('lease_expires_at').execute();
}

/** What happened, per customer, with the exact body deliveries send. */
async function createEvents(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_customer_created')
    .on('events')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
}

/** A customer's callback URL and the events it selects. */
async function createSubscriptions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('include_all', 'integer', (c) => c.notNull())
    .addColumn('resources', 'text', (c) => c.notNull())
    .addColumn('allow_retry', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('subscriptions_customer_created')
    .on('subscriptions')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
}

/** One event for one subscription, with the headers every attempt reuses. */
async function createMessages(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('last_attempt_status', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_subscription_status')
    .on('messages')
    .columns(['subscription_id', 'status', 'id'])
    .execute();
}

/** One immutable row per attempt. */
async function createExecutionLogs(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('execution_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('retry_attempts', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('execution_logs_subscription_created')
    .on('execution_logs')
    .columns(['subscription_id', 'created_at', 'id'])
    .execute();
}

/** Idempotency-Key claims and their answers. */
async function createIdempotencyKeys(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['customer_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'execution_logs',
    'messages',
    'subscriptions',
    'events',
    'jobs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
