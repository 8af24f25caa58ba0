import type { Kysely } from 'kysely';

/**
 * Issue 15, point 1 (Standard Webhooks):
 * - `subscriptions.signature_format`: `cofre` (today's headers, the default) or
 *   `standard-webhooks`.
 * - `subscription_secrets`: each subscription's own `whsec_…` signing secret, and the one a
 *   rotation replaced while it still signs.
 * - `execution_logs.request_headers`: the headers of an attempt when they are not the message's
 *   stored ones (standard-webhooks signs each attempt anew); null means "the message's".
 *
 * Existing subscriptions get as secret the key that signs their deliveries today, their client's
 * current webhook key (and its previous one, with the same expiry, while a client-secret rotation
 * window is open), wrapped as `whsec_` + standard base64 of its bytes: every receiver keeps
 * verifying unchanged (docs/webhooks.md "Migrating from client-derived keys").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('signature_format', 'text', (c) => c.notNull().defaultTo('cofre'))
    .execute();
  await db.schema.alterTable('execution_logs').addColumn('request_headers', 'text').execute();
  await db.schema
    .createTable('subscription_secrets')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey().references('subscriptions.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await backfillSecrets(db as Kysely<BackfillTables>);
}

interface BackfillTables {
  subscriptions: { id: string; client_id: string; updated_at: number };
  api_clients: {
    id: string;
    webhook_key: string;
    previous_webhook_key: string | null;
    previous_webhook_key_expires_at: number | string | null;
  };
  subscription_secrets: {
    subscription_id: string;
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: number | null;
    updated_at: number;
  };
}

/** Rows written per statement (well under either engine's bound-parameter limit). */
const BATCH = 500;

/**
 * Stored client keys are base64url of the 32 key bytes (lib/secrets.ts deriveWebhookKey); a
 * secret is `whsec_` + standard base64 of the same bytes (written out here, not imported, so
 * this migration stays what it was whatever the code becomes).
 */
const wrap = (webhookKey: string): string =>
  `whsec_${Buffer.from(webhookKey, 'base64url').toString('base64')}`;

async function backfillSecrets(db: Kysely<BackfillTables>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('subscriptions as s')
      .innerJoin('api_clients as c', 'c.id', 's.client_id')
      .select([
        's.id',
        's.updated_at',
        'c.webhook_key',
        'c.previous_webhook_key',
        'c.previous_webhook_key_expires_at',
      ])
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    await db
      .insertInto('subscription_secrets')
      .values(
        rows.map((r) => ({
          subscription_id: r.id,
          secret: wrap(r.webhook_key),
          previous_secret: r.previous_webhook_key === null ? null : wrap(r.previous_webhook_key),
          previous_secret_expires_at:
            r.previous_webhook_key === null || r.previous_webhook_key_expires_at === null
              ? null
              : Number(r.previous_webhook_key_expires_at),
          updated_at: Number(r.updated_at),
        })),
      )
      .execute();
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_secrets').execute();
  await db.schema.alterTable('execution_logs').dropColumn('request_headers').execute();
  await db.schema.alterTable('subscriptions').dropColumn('signature_format').execute();
}
