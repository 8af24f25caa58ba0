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
 * - `ed25519`: the subscription's own Ed25519 key pair (docs/webhooks.md "Ed25519 signatures"):
 *   the private key stays on the server, receivers verify `v1a,` signatures with the public key.
 *   Only with the `standard-webhooks` format, which defines `v1a` (the `cofre` format has no
 *   asymmetric signature). An algorithm is a choice of key here, not a field of its own, so that
 *   no request can ask for an Ed25519 "client secret": there is no such combination to refuse.
 */
export const SIGNING_KEYS = ['subscription-secret', 'client-secret', 'ed25519'] as const;
export type SigningKey = (typeof SIGNING_KEYS)[number];

export const DEFAULT_SIGNING_KEY: SigningKey = 'subscription-secret';

/** The client's derived webhook keys as `api_clients` stores them (base64url of the 32 bytes). */
export interface ClientWebhookKeys {
  webhookKey: string;
  previousWebhookKey: string | null;
  /** Unix ms; the previous key signs while `at < previousWebhookKeyExpiresAt`. */
  previousWebhookKeyExpiresAt: number | null;
}

/** The subscription's Ed25519 key pairs as `subscription_secrets` stores them (`whsk_…`). */
export interface StoredKeyPairs {
  privateKey: string | null;
  previousPrivateKey: string | null;
  /** Unix ms; the previous key signs while `at < previousPrivateKeyExpiresAt`. */
  previousPrivateKeyExpiresAt: number | null;
}

/** A client key in the secret form (`whsec_` + standard base64 of the same bytes). */
const asSecret = (webhookKey: string): string =>
  secretFromKey(Buffer.from(webhookKey, 'base64url'));

/**
 * The secrets that sign for a subscription: its own, or its client's derived keys in the same
 * `whsec_` form (with the client's previous key and grace window as the rotation window), so
 * everything downstream (signingSecretsAt, both formats, `cofre listen`) treats them alike; or
 * its Ed25519 private keys in the `whsk_` form, which the Standard Webhooks signer turns into
 * `v1a,` signatures (attempt-headers.ts). A subscription signing with `ed25519` always has a
 * key pair (written when it chose it): a missing one is a broken invariant.
 */
export function signingSecretsOf(
  signingKey: SigningKey,
  own: StoredSecrets,
  client: ClientWebhookKeys,
  keyPairs: StoredKeyPairs,
): StoredSecrets {
  switch (signingKey) {
    case 'ed25519':
      if (keyPairs.privateKey === null) throw new Error('an ed25519 subscription has no key pair');
      return {
        secret: keyPairs.privateKey,
        previousSecret: keyPairs.previousPrivateKey,
        previousSecretExpiresAt:
          keyPairs.previousPrivateKey === null ? null : keyPairs.previousPrivateKeyExpiresAt,
      };
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
