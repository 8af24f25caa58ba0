import { createHmac } from 'node:crypto';

/** The label the server mixes into a client secret to get its webhook key (lib/secrets.ts). */
const LEGACY_KEY_LABEL = 'cofre.webhook-signing.v1';
const SECRET_PREFIX = 'whsec_';

/**
 * The HMAC key of a signing secret. A subscription secret `whsec_<base64>` (Standard Webhooks'
 * form) is the key itself, base64-encoded. Any other string is taken as the API client secret:
 * the key is then derived from it as the server does for a subscription with `signingKey:
 * 'client-secret'` (`HMAC-SHA256(clientSecret, "cofre.webhook-signing.v1")`). That binding
 * makes a receiver hold a secret that can mint API tokens; the default, the subscription's own
 * `whsec_` secret, does not.
 *
 * @example
 * ```ts
 * const key = webhookKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'); // 24 bytes
 * ```
 */
export function webhookKey(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) {
    const encoded = secret.slice(SECRET_PREFIX.length);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
      throw new TypeError('A whsec_ secret must be followed by standard base64.');
    }
    return Buffer.from(encoded, 'base64');
  }
  if (secret === '') throw new TypeError('The webhook secret must not be empty.');
  return createHmac('sha256', secret).update(LEGACY_KEY_LABEL).digest();
}

/**
 * HMAC-SHA256 over `<id>.<timestamp>.<raw body>`: what both signature formats sign.
 *
 * @example
 * ```ts
 * const mac = signedContentMac(webhookKey(secret), 'msg_1', '1763800000', Buffer.from(body));
 * ```
 */
export function signedContentMac(
  key: Buffer,
  messageId: string,
  timestamp: string,
  body: Uint8Array,
): Buffer {
  return createHmac('sha256', key).update(`${messageId}.${timestamp}.`).update(body).digest();
}
