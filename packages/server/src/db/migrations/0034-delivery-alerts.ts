import type { Kysely } from 'kysely';

/**
 * Issue 27 point 3: delivery alerts (docs/webhooks.md "Delivery alerts").
 *
 * - `subscription_health` keeps the alert window of its subscription beside its counters, in the
 *   same row the worker already writes in each attempt's settlement, so alerts cost no extra
 *   statement per attempt: the window's start and its attempts and failures (business messages
 *   only), since when the subscription has failed without a success (`failing_since`), whether
 *   SUBSCRIPTION_FAILING was reported and not yet followed by a recovery (`alerting`), when it was
 *   last reported (`last_alert_at`: one per window at most), and when an auto-disable was queued.
 *   The state is in the database, not in a process: several workers settle one subscription's
 *   attempts.
 * - `subscriptions.disabled_at` / `disabled_reason`: set while the status is DISABLED (a failing
 *   subscription stopped by the worker), cleared when it is enabled again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscription_health')
    .addColumn('window_started_at', 'bigint')
    .execute();
  for (const column of ['window_attempts', 'window_failures', 'alerting']) {
    await db.schema
      .alterTable('subscription_health')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const column of ['failing_since', 'last_alert_at', 'disable_queued_at']) {
    await db.schema.alterTable('subscription_health').addColumn(column, 'bigint').execute();
  }
  await db.schema.alterTable('subscriptions').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('subscriptions').addColumn('disabled_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('disabled_reason').execute();
  await db.schema.alterTable('subscriptions').dropColumn('disabled_at').execute();
  for (const column of [
    'disable_queued_at',
    'last_alert_at',
    'failing_since',
    'alerting',
    'window_failures',
    'window_attempts',
    'window_started_at',
  ]) {
    await db.schema.alterTable('subscription_health').dropColumn(column).execute();
  }
}
