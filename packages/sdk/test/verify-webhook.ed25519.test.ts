import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookKeyPair,
  signTestWebhook,
  verifyWebhookMessage,
  WebhookVerificationError,
} from '../src/webhooks/index.js';

const NOW_S = 1_763_800_000;
const body = JSON.stringify({
  id: 'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
  type: 'OPERATION_COMPLETED',
  resource: 'OPERATION',
  atTime: '2026-11-22T08:56:33.000Z',
  data: { id: 'op_1' },
});

/** A key pair as the server publishes it: the `whpk_` form and the JWK with a kid. */
function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const x = String(jwk.x);
  return {
    privateKey,
    whpk: `whpk_${Buffer.from(x, 'base64url').toString('base64')}`,
    jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, use: 'sig', alg: 'EdDSA' },
  };
}

const v1a = (key: KeyObject, content: string) =>
  `v1a,${sign(null, Buffer.from(content), key).toString('base64')}`;

const headersSignedBy = (...keys: KeyObject[]) => ({
  'webhook-id': 'msg_1',
  'webhook-timestamp': String(NOW_S),
  'webhook-signature': keys.map((k) => v1a(k, `msg_1.${NOW_S}.${body}`)).join(' '),
});

const reasonOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
};

const options = { now: NOW_S * 1000 };

describe('v1a (Ed25519) signatures of the standard-webhooks format', () => {
  const current = keyPair('new');
  const previous = keyPair('old');
  const stranger = keyPair('other');

  it('verifies with the whpk_ public key or with the JWKS', () => {
    const headers = headersSignedBy(current.privateKey);
    expect(verifyWebhookMessage(body, headers, current.whpk, options).id).toBe('msg_1');
    expect(verifyWebhookMessage(body, headers, { keys: [current.jwk] }, options).id).toBe('msg_1');
  });

  it('refuses a signature by another key, or over another body', () => {
    const headers = headersSignedBy(stranger.privateKey);
    expect(reasonOf(() => verifyWebhookMessage(body, headers, current.whpk, options))).toBe(
      'NO_MATCHING_SIGNATURE',
    );
    const signed = headersSignedBy(current.privateKey);
    expect(
      reasonOf(() => verifyWebhookMessage(`${body} `, signed, { keys: [current.jwk] }, options)),
    ).toBe('NO_MATCHING_SIGNATURE');
  });

  it('accepts a rotation pair with either key of the JWKS', () => {
    const headers = headersSignedBy(current.privateKey, previous.privateKey);
    for (const keys of [[current.jwk], [previous.jwk], [current.jwk, previous.jwk]]) {
      expect(verifyWebhookMessage(body, headers, { keys }, options).id).toBe('msg_1');
    }
  });

  it('never takes a v1a signature as an HMAC, nor a whsec_ secret as a public key', () => {
    const headers = headersSignedBy(current.privateKey);
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(reasonOf(() => verifyWebhookMessage(body, headers, secret, options))).toBe(
      'NO_MATCHING_SIGNATURE',
    );
  });

  it('refuses a malformed whpk_ key as the caller’s mistake', () => {
    const headers = headersSignedBy(current.privateKey);
    expect(() => verifyWebhookMessage(body, headers, 'whpk_AAAA', options)).toThrow(TypeError);
  });

  it('signs test deliveries with a whsk_ key pair, in the standard-webhooks format only', () => {
    const pair = generateWebhookKeyPair();
    const signed = signTestWebhook({
      secret: pair.privateKey,
      payload: body,
      messageId: 'msg_2',
      timestamp: NOW_S,
      format: 'standard-webhooks',
    });
    expect(signed.headers['webhook-signature']).toMatch(/^v1a,/);
    expect(verifyWebhookMessage(signed.body, signed.headers, pair.publicKey, options).id).toBe(
      'msg_2',
    );
    expect(() => signTestWebhook({ secret: pair.privateKey, payload: body })).toThrow(
      /standard-webhooks/,
    );
  });
});
