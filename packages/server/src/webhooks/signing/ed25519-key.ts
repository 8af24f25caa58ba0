import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';

/**
 * A subscription's Ed25519 signing key (docs/webhooks.md "Ed25519 signatures"), in the Standard
 * Webhooks serialisations (spec, "Signature scheme"): `whsk_` + standard base64 of the 32-byte
 * private key (the RFC 8032 seed) and `whpk_` + standard base64 of the 32-byte public key. The
 * `whsk_` form never leaves the server; its prefix is what tells the signer to write `v1a,`.
 */
export const PRIVATE_KEY_PREFIX = 'whsk_';
export const PUBLIC_KEY_PREFIX = 'whpk_';

/** The JWK of a public key (RFC 8037 §2 "OKP", with RFC 7517's `kid`, `use` and `alg`). */
export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

export const isPrivateKey = (secret: string): boolean => secret.startsWith(PRIVATE_KEY_PREFIX);

/** PKCS#8 of an Ed25519 key (RFC 8410 §7) is this fixed 16-byte prefix followed by the seed. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A new key pair, in its `whsk_` form. */
export function generatePrivateKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return `${PRIVATE_KEY_PREFIX}${der.subarray(PKCS8_PREFIX.length).toString('base64')}`;
}

/**
 * Parsed keys of the subscriptions signing lately. Parsing one (which derives its public half)
 * costs about ten times its signature (~370 µs against ~40 µs on the reference machine), and
 * every attempt signs again, so the worker keeps the last ones it used, oldest out first.
 */
const PARSED_KEYS_KEPT = 1024;
const parsedKeys = new Map<string, KeyObject>();

function privateKeyObject(privateKey: string): KeyObject {
  const kept = parsedKeys.get(privateKey);
  if (kept) return kept;
  const seed = Buffer.from(privateKey.slice(PRIVATE_KEY_PREFIX.length), 'base64');
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  if (parsedKeys.size >= PARSED_KEYS_KEPT) {
    const oldest = parsedKeys.keys().next();
    if (!oldest.done) parsedKeys.delete(oldest.value);
  }
  parsedKeys.set(privateKey, key);
  return key;
}

/** The public key of a `whsk_` key, base64url (a JWK's `x`, RFC 8037 §2). */
function publicX(privateKey: string): string {
  const jwk = createPublicKey(privateKeyObject(privateKey)).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('node:crypto exported an Ed25519 key without x');
  return jwk.x;
}

/** The `whpk_` form a receiver configures (spec, "Signature scheme"). */
export function publicKeyOf(privateKey: string): string {
  return `${PUBLIC_KEY_PREFIX}${Buffer.from(publicX(privateKey), 'base64url').toString('base64')}`;
}

/**
 * The key id: the RFC 7638 JWK thumbprint (SHA-256 of `{"crv","kty","x"}` in that order,
 * base64url). Derived from the key itself, so no column holds it and any receiver can
 * recompute it from the public key.
 */
export function keyIdOf(privateKey: string): string {
  const members = `{"crv":"Ed25519","kty":"OKP","x":"${publicX(privateKey)}"}`;
  return createHash('sha256').update(members).digest('base64url');
}

/** The published JWK of a key pair: its public half only. */
export function jwkOf(privateKey: string): Ed25519Jwk {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: publicX(privateKey),
    kid: keyIdOf(privateKey),
    use: 'sig',
    alg: 'EdDSA',
  };
}

/** `v1a,<base64 Ed25519 signature over content>` (spec, "Signature scheme", asymmetric). */
export function signV1a(privateKey: string, content: string): string {
  const signature = sign(null, Buffer.from(content), privateKeyObject(privateKey));
  return `v1a,${signature.toString('base64')}`;
}
