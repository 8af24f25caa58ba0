import type { Db } from '../../db/database.js';
import { signingSecretsOf, type StoredKeyPairs } from '../signing/signing-keys.js';
import type { StoredSecrets } from '../signing/subscription-secret.js';
import type { SubscriptionSecretRow } from './subscription-secrets.table.js';

export async function insertSubscriptionSecret(db: Db, row: SubscriptionSecretRow): Promise<void> {
  await db.insertInto('subscription_secrets').values(row).execute();
}

/**
 * Installs `secret` and keeps the one it replaces until `previousExpiresAt`, in one statement:
 * two rotations at once apply one after the other (the second keeps the first's new secret as
 * its previous), never both reading the same old one.
 */
export async function rotateSubscriptionSecret(
  db: Db,
  subscriptionId: string,
  input: { secret: string; previousExpiresAt: number; at: number },
): Promise<SubscriptionSecretRow | undefined> {
  return db
    .updateTable('subscription_secrets')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_expires_at: input.previousExpiresAt,
      secret: input.secret,
      updated_at: input.at,
    }))
    .where('subscription_id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The secrets that sign for a subscription the caller has found for its customer, as its
 * signing key says (signing-keys.ts): its own row, or its client's derived keys.
 */
export async function findSigningSecrets(
  db: Db,
  subscriptionId: string,
): Promise<StoredSecrets | undefined> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_secrets as k', 'k.subscription_id', 's.id')
    .innerJoin('api_clients as c', 'c.id', 's.client_id')
    .select([
      's.signing_key',
      'k.secret',
      'k.previous_secret',
      'k.previous_secret_expires_at',
      'k.private_key',
      'k.previous_private_key',
      'k.previous_private_key_expires_at',
      'c.webhook_key',
      'c.previous_webhook_key',
      'c.previous_webhook_key_expires_at',
    ])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
  return (
    row &&
    signingSecretsOf(
      row.signing_key,
      {
        secret: row.secret,
        previousSecret: row.previous_secret,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      },
      {
        webhookKey: row.webhook_key,
        previousWebhookKey: row.previous_webhook_key,
        previousWebhookKeyExpiresAt: row.previous_webhook_key_expires_at,
      },
      {
        privateKey: row.private_key,
        previousPrivateKey: row.previous_private_key,
        previousPrivateKeyExpiresAt: row.previous_private_key_expires_at,
      },
    )
  );
}

/**
 * Gives a subscription an Ed25519 key pair if it has none yet (it chose signingKey `ed25519`);
 * one it had before, kept while it signed with HMAC, signs again as it was.
 */
export async function setPrivateKeyIfMissing(
  db: Db,
  subscriptionId: string,
  input: { privateKey: string; at: number },
): Promise<void> {
  await db
    .updateTable('subscription_secrets')
    .set({ private_key: input.privateKey, updated_at: input.at })
    .where('subscription_id', '=', subscriptionId)
    .where('private_key', 'is', null)
    .execute();
}

/**
 * Installs a new key pair and keeps the one it replaces until `previousExpiresAt`, in one
 * statement, as rotateSubscriptionSecret does for the HMAC secret.
 */
export async function rotatePrivateKey(
  db: Db,
  subscriptionId: string,
  input: { privateKey: string; previousExpiresAt: number; at: number },
): Promise<SubscriptionSecretRow | undefined> {
  return db
    .updateTable('subscription_secrets')
    .set((eb) => ({
      previous_private_key: eb.ref('private_key'),
      previous_private_key_expires_at: input.previousExpiresAt,
      private_key: input.privateKey,
      updated_at: input.at,
    }))
    .where('subscription_id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirst();
}

/** The stored key pairs of one subscription the caller has found for its customer. */
export async function findKeyPairs(
  db: Db,
  subscriptionId: string,
): Promise<StoredKeyPairs | undefined> {
  const row = await db
    .selectFrom('subscription_secrets')
    .select(['private_key', 'previous_private_key', 'previous_private_key_expires_at'])
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return (
    row && {
      privateKey: row.private_key,
      previousPrivateKey: row.previous_private_key,
      previousPrivateKeyExpiresAt:
        row.previous_private_key_expires_at === null
          ? null
          : Number(row.previous_private_key_expires_at),
    }
  );
}

/** The current private keys of the listed subscriptions that have one, by subscription id. */
export async function findCurrentPrivateKeys(
  db: Db,
  subscriptionIds: readonly string[],
): Promise<Map<string, string>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscription_secrets')
    .select(['subscription_id', 'private_key'])
    .where('subscription_id', 'in', subscriptionIds)
    .where('private_key', 'is not', null)
    .execute();
  return new Map(
    rows.flatMap((r) => (r.private_key === null ? [] : [[r.subscription_id, r.private_key]])),
  );
}
