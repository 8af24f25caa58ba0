import type { Kysely } from 'kysely';

/**
 * Issue 27, point 6 (docs/webhooks.md "Ed25519 signatures"): a subscription may sign with an
 * Ed25519 key pair (`subscriptions.signing_key` `ed25519`). Its private key (`whsk_…`) is kept
 * beside its HMAC secret in `subscription_secrets`, protected the same way (apart from every
 * read of the subscription, never returned), with the key it replaced and how long that one
 * keeps signing after a rotation. Null until the subscription first chooses `ed25519`; kept
 * when it switches back, as its HMAC secret is. The key ids are derived from the keys (RFC 7638
 * thumbprints), so no column holds them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_secrets').addColumn('private_key', 'text').execute();
  await db.schema
    .alterTable('subscription_secrets')
    .addColumn('previous_private_key', 'text')
    .execute();
  await db.schema
    .alterTable('subscription_secrets')
    .addColumn('previous_private_key_expires_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['previous_private_key_expires_at', 'previous_private_key', 'private_key']) {
    await db.schema.alterTable('subscription_secrets').dropColumn(column).execute();
  }
}
