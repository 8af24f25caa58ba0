import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, point 5 (operators can see what the system is doing):
 * - `events.traceparent` / `events.tracestate`: the W3C trace context of the request that
 *   caused the event (docs/tracing.md); null when it carried none (and tracing is off).
 * - `subscription_health`: per-subscription delivery counters the worker keeps in each attempt's
 *   settlement transaction (docs/webhooks.md "Delivery health"), backfilled here from the
 *   messages and execution logs already stored, so existing subscriptions read true figures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('traceparent', 'text').execute();
  await db.schema.alterTable('events').addColumn('tracestate', 'text').execute();

  await db.schema
    .createTable('subscription_health')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey().references('subscriptions.id'))
    .addColumn('failed_messages', 'integer', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint')
    .addColumn('last_success_message_id', 'text')
    .addColumn('last_failure_at', 'bigint')
    .addColumn('last_failure_message_id', 'text')
    .addColumn('last_failure_http_status', 'integer')
    .addColumn('last_failure_error', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await backfillSubscriptionHealth(db);
}

/**
 * One health row per subscription that has attempts, computed from its messages and logs (also
 * run by bench/subscription-health.mjs to time it on a large subscription).
 */
export async function backfillSubscriptionHealth(db: Kysely<unknown>): Promise<void> {
  // Log ids are time-sortable, so "latest" and "after the last success" compare ids.
  const lastLog = (status: 'SUCCESS' | 'FAILED') =>
    sql`(SELECT max(l.id) FROM execution_logs l WHERE l.subscription_id = s.id AND l.status = ${status})`;
  const column = (name: string, status: 'SUCCESS' | 'FAILED') =>
    sql`(SELECT ${sql.ref(`x.${name}`)} FROM execution_logs x WHERE x.id = ${lastLog(status)})`;
  await sql`
    INSERT INTO subscription_health (
      subscription_id, failed_messages, consecutive_failures,
      last_success_at, last_success_message_id,
      last_failure_at, last_failure_message_id, last_failure_http_status, last_failure_error,
      updated_at)
    SELECT s.id,
      (SELECT count(*) FROM messages m WHERE m.subscription_id = s.id AND m.status = 'FAILED'),
      (SELECT count(*) FROM execution_logs f
        WHERE f.subscription_id = s.id AND f.status = 'FAILED'
          AND f.id > coalesce(${lastLog('SUCCESS')}, '')),
      ${column('created_at', 'SUCCESS')}, ${column('message_id', 'SUCCESS')},
      ${column('created_at', 'FAILED')}, ${column('message_id', 'FAILED')},
      ${column('http_status', 'FAILED')}, ${column('error', 'FAILED')},
      s.updated_at
    FROM subscriptions s
    WHERE EXISTS (SELECT 1 FROM execution_logs e WHERE e.subscription_id = s.id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_health').execute();
  await db.schema.alterTable('events').dropColumn('tracestate').execute();
  await db.schema.alterTable('events').dropColumn('traceparent').execute();
}
