import type { Kysely } from 'kysely';

/**
 * A rotated client keeps its previous webhook key until an expiry, so messages created during
 * the grace window carry both signatures (`v1=<new> v1=<old>`) and receivers can switch secrets
 * without dropping deliveries (docs/webhooks.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('api_clients').addColumn('previous_webhook_key', 'text').execute();
  await db.schema
    .alterTable('api_clients')
    .addColumn('previous_webhook_key_expires_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').dropColumn('previous_webhook_key_expires_at').execute();
  await db.schema.alterTable('api_clients').dropColumn('previous_webhook_key').execute();
}
