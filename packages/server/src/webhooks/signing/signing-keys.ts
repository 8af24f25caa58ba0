import { secretFromKey, type StoredSecrets } from './subscription-secret.js';

/**
 * Which key signs a subscription's deliveries (docs/webhooks.md "Signing with the client
 * secret"), in either signature format:
 * - `subscription-secret` (the default): the subscription's own `whsec_…` secret, which gives
 *   nothing else (BRIEF "Deliveries": a receiver never holds a secret that can mint tokens).
 * - `client-secret`: the spec's binding, the key derived from the secret of the subscription's
 *   client (`HMAC-SHA256(key = clientSecret, "cofre.webhook-signing.v1")`, lib/secrets.ts), so a
 *   receiver that holds the client secret verifies with nothing else. A rotation of the client
 *   secret rotates it, with the client's grace window (COFRE_WEBHOOK_KEY_GRACE_SECONDS).
 */
export const SIGNING_KEYS = ['subscription-secret', 'client-secret'] as const;
export type SigningKey = (typeof SIGNING_KEYS)[number];

export const DEFAULT_SIGNING_KEY: SigningKey = 'subscription-secret';

/** The client's derived webhook keys as `api_clients` stores them (base64url of the 32 bytes). */
export interface ClientWebhookKeys {
  webhookKey: string;
  previousWebhookKey: string | null;
  /** Unix ms; the previous key signs while `at < previousWebhookKeyExpiresAt`. */
  previousWebhookKeyExpiresAt: number | null;
}

/** A client key in the secret form (`whsec_` + standard base64 of the same bytes). */
const asSecret = (webhookKey: string): string =>
  secretFromKey(Buffer.from(webhookKey, 'base64url'));

/**
 * The secrets that sign for a subscription: its own, or its client's derived keys in the same
 * `whsec_` form (with the client's previous key and grace window as the rotation window), so
 * everything downstream (signingSecretsAt, both formats, `cofre listen`) treats them alike.
 */
export function signingSecretsOf(
  signingKey: SigningKey,
  own: StoredSecrets,
  client: ClientWebhookKeys,
): StoredSecrets {
  switch (signingKey) {
    case 'subscription-secret':
      return own;
    case 'client-secret':
      return {
        secret: asSecret(client.webhookKey),
        previousSecret:
          client.previousWebhookKey === null ? null : asSecret(client.previousWebhookKey),
        previousSecretExpiresAt:
          client.previousWebhookKey === null ? null : client.previousWebhookKeyExpiresAt,
      };
  }
}
