import { createPublicKey, type KeyObject } from 'node:crypto';
import { webhookKey } from './webhook-key.js';

/**
 * One Ed25519 public key as a JWK (RFC 8037 §2), as `GET /v1/subscriptions/{id}/keys` lists
 * them: `kty` `OKP`, `crv` `Ed25519`, `x` the key in base64url, `kid` its id.
 *
 * @example
 * ```ts
 * const jwk: WebhookJwk = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k' };
 * ```
 */
export interface WebhookJwk {
  kty: string;
  crv?: string | undefined;
  x?: string | undefined;
  kid?: string | undefined;
  [member: string]: unknown;
}

/**
 * What verifies a delivery: a subscription secret `whsec_…` (or an API client secret, see
 * `webhookKey`) for `v1`/HMAC signatures; for an Ed25519 subscription (`signingKey:
 * 'ed25519'`), its public key `whpk_…` (`subscription.publicKey`) or its JWKS as fetched from
 * `subscriptions.keys(id)`, for `v1a` signatures.
 *
 * @example
 * ```ts
 * const key: WebhookVerificationKey = await client.subscriptions.keys(id); // { keys: [...] }
 * ```
 */
export type WebhookVerificationKey = string | { keys: readonly WebhookJwk[] };

const PUBLIC_KEY_PREFIX = 'whpk_';

/** The HMAC keys and Ed25519 public keys the caller's keys stand for. */
export interface VerificationKeys {
  hmac: Buffer[];
  ed25519: KeyObject[];
}

/**
 * Sorts the keys by kind. A JWKS keeps only its Ed25519 keys (a JWKS may list others; they can
 * never have signed a `v1a`); a malformed `whpk_` or JWK is the caller's mistake: TypeError.
 */
export function verificationKeys(
  keys: WebhookVerificationKey | readonly WebhookVerificationKey[],
): VerificationKeys {
  const list: readonly WebhookVerificationKey[] =
    typeof keys === 'string' || !Array.isArray(keys) ? [keys as WebhookVerificationKey] : keys;
  const out: VerificationKeys = { hmac: [], ed25519: [] };
  for (const key of list) {
    if (typeof key !== 'string') {
      for (const jwk of key.keys) {
        if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') out.ed25519.push(publicKeyOfJwk(jwk));
      }
    } else if (key.startsWith(PUBLIC_KEY_PREFIX)) {
      const raw = Buffer.from(key.slice(PUBLIC_KEY_PREFIX.length), 'base64');
      if (raw.length !== 32)
        throw new TypeError('A whpk_ key must be 32 bytes in standard base64.');
      out.ed25519.push(
        publicKeyOfJwk({ kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }),
      );
    } else {
      out.hmac.push(webhookKey(key));
    }
  }
  return out;
}

function publicKeyOfJwk(jwk: WebhookJwk): KeyObject {
  if (typeof jwk.x !== 'string') throw new TypeError('An Ed25519 JWK needs its x member.');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
}
