import { describe, expect, it } from 'vitest';
import { deliveryHeaders, signMessage } from '../../server/src/webhooks/signing/signing.js';
import { deriveWebhookKey } from '../../server/src/lib/secrets.js';
import { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from '../src/index.js';

const SECRET = 'cs_live_secret_for_tests';
const OTHER_SECRET = 'cs_the_old_secret';
const CREATED_MS = Date.UTC(2026, 10, 22, 8, 56, 33);
const NOW = CREATED_MS + 10_000;
const body = JSON.stringify({
  id: 'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
  type: 'ACCOUNT_CREATED',
  resource: 'ACCOUNT',
  atTime: '2026-11-22T08:56:33.000Z',
  data: { id: 'acc_1', type: 'CHECKING', status: 'OPENING', assets: [] },
});

/** The headers the server's own outbox would put on this message. */
const signedBy = (secret: string, payload = body) =>
  deliveryHeaders({
    webhookKeys: [deriveWebhookKey(secret)],
    messageId: 'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
    eventType: 'ACCOUNT_CREATED',
    resource: 'ACCOUNT',
    createdAtMs: CREATED_MS,
    sequence: 1,
    body: payload,
  });

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('verifyWebhook', () => {
  it('accepts a delivery the server signed and returns the parsed event', () => {
    const event = verifyWebhook(body, signedBy(SECRET), SECRET, { now: NOW });
    expect(event).toEqual(JSON.parse(body));
    expect(event.type).toBe('ACCOUNT_CREATED');
  });

  it('accepts the body as bytes and the headers as a fetch Headers or with any case', () => {
    const headers = signedBy(SECRET);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(Buffer.from(body), new Headers(headers), SECRET, { now: NOW }).id).toBe(
      'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
    );
    expect(verifyWebhook(new TextEncoder().encode(body), upper, SECRET, { now: NOW }).id).toBe(
      'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
    );
  });

  it('accepts a header with several signatures when only the second one matches', () => {
    const headers = signedBy(SECRET);
    const stale = signedBy(OTHER_SECRET)['x-message-signature'];
    const both = {
      ...headers,
      'x-message-signature': `${stale} ${headers['x-message-signature']}`,
    };
    expect(verifyWebhook(body, both, SECRET, { now: NOW }).type).toBe('ACCOUNT_CREATED');
    // …and the receiver still on the old secret accepts it too (the first one matches it).
    expect(verifyWebhook(body, both, OTHER_SECRET, { now: NOW }).type).toBe('ACCOUNT_CREATED');
  });

  it('accepts what the server sends during a rotation grace window, with either secret', () => {
    const rotated = deliveryHeaders({
      webhookKeys: [deriveWebhookKey(SECRET), deriveWebhookKey(OTHER_SECRET)],
      messageId: 'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
      eventType: 'ACCOUNT_CREATED',
      resource: 'ACCOUNT',
      createdAtMs: CREATED_MS,
      sequence: 1,
      body,
    });
    expect(rotated['x-message-signature'].split(' ')).toHaveLength(2);
    expect(verifyWebhook(body, rotated, SECRET, { now: NOW }).type).toBe('ACCOUNT_CREATED');
    expect(verifyWebhook(body, rotated, OTHER_SECRET, { now: NOW }).type).toBe('ACCOUNT_CREATED');
    expect(
      reasonOf(() => verifyWebhook(body, rotated, 'cs_a_third_secret', { now: NOW })),
    ).not.toBe('accepted');
  });

  it('ignores signatures of other schemes and malformed entries', () => {
    const headers = signedBy(SECRET);
    const mixed = {
      ...headers,
      'x-message-signature': `v2=abc v1=zz  v1= ${headers['x-message-signature']}`,
    };
    expect(reasonOf(() => verifyWebhook(body, mixed, SECRET, { now: NOW }))).toBe('accepted');
  });

  it.each<[string, (h: Record<string, string>) => [string, WebhookHeaders], string]>([
    ['another secret', () => [body, signedBy(OTHER_SECRET)], 'NO_MATCHING_SIGNATURE'],
    ['an altered body', (h) => [body.replace('CHECKING', 'SAVING'), h], 'NO_MATCHING_SIGNATURE'],
    [
      'an altered message id',
      (h) => [body, { ...h, 'x-message-id': 'msg_other' }],
      'NO_MATCHING_SIGNATURE',
    ],
    [
      'only signatures that do not match',
      (h) => [body, { ...h, 'x-message-signature': `v1=${'0'.repeat(64)} v1=${'f'.repeat(64)}` }],
      'NO_MATCHING_SIGNATURE',
    ],
    ['no signature header', (h) => [body, { ...h, 'x-message-signature': '' }], 'MISSING_HEADER'],
    [
      'a timestamp that is not unix seconds',
      (h) => [body, { ...h, 'x-message-timestamp': '2026-11-22T08:56:33Z' }],
      'INVALID_TIMESTAMP',
    ],
  ])('refuses %s', (_name, tamper, reason) => {
    const [payload, headers] = tamper({ ...signedBy(SECRET) });
    expect(reasonOf(() => verifyWebhook(payload, headers, SECRET, { now: NOW }))).toBe(reason);
  });

  it('refuses a message older than 35 days (past the 30-day retention) or dated over 5 min ahead by default, configurably', () => {
    const headers = signedBy(SECRET);
    const at = (
      offsetSeconds: number,
      options: { maxAgeSeconds?: number; maxSkewSeconds?: number } = {},
    ) =>
      reasonOf(() =>
        verifyWebhook(body, headers, SECRET, {
          now: CREATED_MS + offsetSeconds * 1000,
          ...options,
        }),
      );
    const limit = 35 * 86_400;
    // A resend or a resumed subscription delivers old messages with their original timestamp:
    // one the server can still resend (30 days' retention) verifies.
    expect(at(30 * 86_400)).toBe('accepted');
    expect(at(limit)).toBe('accepted');
    expect(at(limit + 1)).toBe('TIMESTAMP_TOO_OLD');
    expect(at(-300)).toBe('accepted');
    expect(at(-301)).toBe('TIMESTAMP_TOO_NEW');
    expect(at(3601, { maxAgeSeconds: 3600 })).toBe('TIMESTAMP_TOO_OLD');
    expect(at(-3600, { maxSkewSeconds: 3600 })).toBe('accepted');
    expect(at(365 * 86_400, { maxAgeSeconds: Infinity })).toBe('accepted');
  });

  it('checks the signature before trusting the body, then refuses a signed body that is no event', () => {
    const payload = '{"hello":"world"}';
    expect(
      reasonOf(() => verifyWebhook(payload, signedBy(SECRET, payload), SECRET, { now: NOW })),
    ).toBe('INVALID_PAYLOAD');
  });

  it('agrees with the documented derivation: signMessage with deriveWebhookKey', () => {
    const timestamp = Math.floor(CREATED_MS / 1000);
    const signature = signMessage(deriveWebhookKey(SECRET), 'msg_x', timestamp, body);
    const headers = {
      'x-message-id': 'msg_x',
      'x-message-timestamp': String(timestamp),
      'x-message-signature': signature,
    };
    expect(verifyWebhook(body, headers, SECRET, { now: NOW }).id).toBe(JSON.parse(body).id);
  });
});
