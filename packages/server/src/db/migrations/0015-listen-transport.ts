import type { Kysely } from 'kysely';

/**
 * Issue 15, point 2 (`cofre listen`, docs/webhooks.md "Receiving on localhost: cofre listen"):
 * `subscriptions.transport` says how a subscription's messages leave the server. `http` (every
 * subscription so far): the worker POSTs them to `url`. `listen`: nobody connects anywhere; the
 * messages wait, PENDING, for the `cofre listen` stream of their customer to take them, and `url`
 * is empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('transport', 'text', (c) => c.notNull().defaultTo('http'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('transport').execute();
}
