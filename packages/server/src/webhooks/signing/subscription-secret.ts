import { randomBytes } from 'node:crypto';

/**
 * A subscription's signing secret, in the Standard Webhooks form: `whsec_` followed by the
 * standard base64 (RFC 4648 §4, padded) of 32 random bytes. The HMAC key is the decoded bytes,
 * so stock verifiers (`standardwebhooks`, `svix`) take the string as it is.
 */
export const SECRET_PREFIX = 'whsec_';

/** Random key bytes of a new secret: 256 bits, HMAC-SHA256's block-size-safe key length. */
const SECRET_BYTES = 32;

export function generateSubscriptionSecret(): string {
  return secretFromKey(randomBytes(SECRET_BYTES));
}

/** `whsec_` + standard base64 of the key (migration 0014 wraps a client's derived key this way). */
export function secretFromKey(key: Uint8Array): string {
  return `${SECRET_PREFIX}${Buffer.from(key).toString('base64')}`;
}

/** The HMAC key bytes a secret stands for. */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The columns that hold a subscription's secrets (webhooks/subscriptions/subscription-secrets.table.ts). */
export interface StoredSecrets {
  secret: string;
  previousSecret: string | null;
  /** Unix ms; the previous secret signs while `at < previousSecretExpiresAt`. */
  previousSecretExpiresAt: number | null;
}

/**
 * The secrets that sign at `at`: the current one first, then the previous one while the
 * rotation window is open, so receivers holding either verify (docs/webhooks.md "Rotating").
 */
export function signingSecretsAt(stored: StoredSecrets, at: number): [string, ...string[]] {
  const { previousSecret, previousSecretExpiresAt } = stored;
  return previousSecret !== null && previousSecretExpiresAt !== null && at < previousSecretExpiresAt
    ? [stored.secret, previousSecret]
    : [stored.secret];
}
