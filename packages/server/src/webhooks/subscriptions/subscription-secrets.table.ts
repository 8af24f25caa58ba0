import type { Selectable } from 'kysely';

/**
 * One row per subscription: its signing secret (docs/webhooks.md "Signing secret"). Kept apart
 * from `subscriptions` so that no read of a subscription (list, get, the outbox's selection)
 * carries the secret unless it asks for it by name.
 *
 * Stored as issued (`whsec_…`), not hashed: the owner may read it again (GET …/secret) and the
 * worker signs with it. Not encrypted by cofre either: the only key that could decrypt it would
 * live beside it (config or the same database); protect the database and its backups as the
 * secrets they hold (docs/webhooks.md "How secrets are stored").
 */
export interface SubscriptionSecretsTable {
  subscription_id: string;
  secret: string;
  /** The secret before the last rotation; signs alongside until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  /**
   * Its Ed25519 private key (`whsk_…`, signing/ed25519-key.ts), null until it first chooses
   * signingKey `ed25519` (migration 0035); stored like `secret`, and never returned by the API.
   */
  private_key: string | null;
  /** The key pair before the last rotation; signs alongside until its expiry. */
  previous_private_key: string | null;
  previous_private_key_expires_at: number | null;
  updated_at: number;
}

export type SubscriptionSecretRow = Selectable<SubscriptionSecretsTable>;
