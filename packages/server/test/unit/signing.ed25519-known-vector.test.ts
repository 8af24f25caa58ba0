import { describe, expect, it } from 'vitest';
import { attemptHeaders } from '../../src/webhooks/signing/attempt-headers.js';
import {
  generatePrivateKey,
  jwkOf,
  keyIdOf,
  publicKeyOf,
  signV1a,
} from '../../src/webhooks/signing/ed25519-key.js';

// RFC 8032 §7.1 "TEST 1" (the key RFC 8037 Appendix A uses too): its seed, public key and the
// signature of the empty message; RFC 8037 A.3 gives the key's RFC 7638 thumbprint.
const SEED_HEX = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PUBLIC_HEX = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const EMPTY_SIGNATURE_HEX =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';
const THUMBPRINT = 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k';

const hexToBase64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');
const PRIVATE_KEY = `whsk_${hexToBase64(SEED_HEX)}`;

describe('Ed25519 signing keys', () => {
  it('derives the RFC 8032 public key in the whpk_ form and as a JWK', () => {
    expect(publicKeyOf(PRIVATE_KEY)).toBe(`whpk_${hexToBase64(PUBLIC_HEX)}`);
    expect(jwkOf(PRIVATE_KEY)).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
      kid: THUMBPRINT,
      use: 'sig',
      alg: 'EdDSA',
    });
  });

  it('names a key by its RFC 7638 thumbprint', () => {
    expect(keyIdOf(PRIVATE_KEY)).toBe(THUMBPRINT);
  });

  it('signs as RFC 8032 does, prefixed v1a', () => {
    expect(signV1a(PRIVATE_KEY, '')).toBe(`v1a,${hexToBase64(EMPTY_SIGNATURE_HEX)}`);
  });

  it('makes a new 32-byte key each time', () => {
    const [a, b] = [generatePrivateKey(), generatePrivateKey()];
    expect(a).toMatch(/^whsk_[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
  });

  it('signs a standard-webhooks attempt with v1a per key, beside the HMAC rule for whsec_', () => {
    const other = generatePrivateKey();
    const headers = attemptHeaders({
      message: { id: 'msg_1', headers: {}, body: '{}', sequence: 1 },
      secrets: [PRIVATE_KEY, other],
      format: 'standard-webhooks',
      now: 1_700_000_000_000,
    });
    const content = 'msg_1.1700000000.{}';
    expect(headers['webhook-signature']).toBe(
      `${signV1a(PRIVATE_KEY, content)} ${signV1a(other, content)}`,
    );
  });
});
