import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

const PRIVATE_KEY_PREFIX = 'whsk_';

/** PKCS#8 of an Ed25519 key (RFC 8410 §7): this fixed 16-byte prefix, then the 32-byte seed. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * A new Ed25519 key pair in the Standard Webhooks forms, for tests and `cofre webhooks check`:
 * `privateKey` `whsk_` + base64 of the 32-byte seed (signs, as the server's does), `publicKey`
 * `whpk_` + base64 of the 32-byte public key (what the receiver under test verifies with).
 * Real subscriptions keep their private key on the server; only `publicKey` is shown.
 *
 * @example
 * ```ts
 * const { privateKey, publicKey } = generateWebhookKeyPair();
 * const signed = signTestWebhook({ secret: privateKey, payload: event, format: 'standard-webhooks' });
 * verifyWebhook(signed.body, signed.headers, publicKey);
 * ```
 */
export function generateWebhookKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length);
  const x = String(publicKey.export({ format: 'jwk' }).x);
  return {
    privateKey: `${PRIVATE_KEY_PREFIX}${seed.toString('base64')}`,
    publicKey: `whpk_${Buffer.from(x, 'base64url').toString('base64')}`,
  };
}

/** Whether `secret` is an Ed25519 private key (`whsk_…`) rather than an HMAC secret. */
export const isWebhookPrivateKey = (secret: string): boolean =>
  secret.startsWith(PRIVATE_KEY_PREFIX);

function privateKeyObject(privateKey: string): KeyObject {
  const seed = Buffer.from(privateKey.slice(PRIVATE_KEY_PREFIX.length), 'base64');
  if (seed.length !== 32) throw new TypeError('A whsk_ key must be 32 bytes in standard base64.');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** `v1a,<base64 Ed25519 signature>` over `content` (Standard Webhooks, asymmetric). */
export function signV1a(privateKey: string, content: Uint8Array): string {
  return `v1a,${sign(null, content, privateKeyObject(privateKey)).toString('base64')}`;
}
