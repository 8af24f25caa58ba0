import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  signTestWebhook,
  verifyWebhook,
  verifyWebhookMessage,
  WebhookVerificationError,
} from '../src/webhooks/index.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=';
const NOW_S = 1_763_800_000;
const event = {
  id: 'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
  type: 'OPERATION_COMPLETED',
  resource: 'OPERATION',
  atTime: '2026-11-22T08:56:33.000Z',
  data: { id: 'op_1' },
};
const body = JSON.stringify(event);

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('the standard-webhooks format', () => {
  it('verifies what the unmodified standardwebhooks library signs', () => {
    const signature = new Webhook(SECRET).sign('msg_1', new Date(NOW_S * 1000), body);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(NOW_S),
      'webhook-signature': signature,
    };
    const verified = verifyWebhookMessage(body, headers, SECRET, { now: NOW_S * 1000 + 5_000 });
    expect(verified).toEqual({
      id: 'msg_1',
      format: 'standard-webhooks',
      timestamp: NOW_S,
      event,
    });
  });

  it('signs test deliveries the standardwebhooks library verifies, rotation signatures included', () => {
    const next = generateWebhookSecret();
    const { body: sent, headers } = signTestWebhook({
      secret: SECRET,
      alsoSignWith: [next],
      payload: event,
      format: 'standard-webhooks',
      messageId: 'msg_2',
    });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(SECRET).verify(sent, headers)).toEqual(event);
    expect(new Webhook(next).verify(sent, headers)).toEqual(event);
    expect(verifyWebhook(sent, headers, next).id).toBe(event.id);
  });

  it('refuses a timestamp outside the 5-minute tolerance either way, configurably', () => {
    const signed = (at: number) =>
      signTestWebhook({
        secret: SECRET,
        payload: event,
        format: 'standard-webhooks',
        timestamp: at,
      });
    const check = (at: number, toleranceSeconds?: number) => {
      const { body: b, headers } = signed(at);
      return reasonOf(() =>
        verifyWebhook(b, headers, SECRET, { now: NOW_S * 1000, toleranceSeconds }),
      );
    };
    expect(check(NOW_S - 300)).toBe('accepted');
    expect(check(NOW_S - 301)).toBe('TIMESTAMP_TOO_OLD');
    expect(check(NOW_S + 301)).toBe('TIMESTAMP_TOO_NEW');
    expect(check(NOW_S - 3600, 7200)).toBe('accepted');
  });

  it('refuses a wrong secret, an altered body, a missing header and another format when one is required', () => {
    const { body: b, headers } = signTestWebhook({
      secret: SECRET,
      payload: event,
      format: 'standard-webhooks',
    });
    expect(reasonOf(() => verifyWebhook(b, headers, generateWebhookSecret()))).toBe(
      'NO_MATCHING_SIGNATURE',
    );
    expect(reasonOf(() => verifyWebhook(`${b} `, headers, SECRET))).toBe('NO_MATCHING_SIGNATURE');
    const unsigned = { ...headers };
    delete unsigned['webhook-signature'];
    expect(reasonOf(() => verifyWebhook(b, unsigned, SECRET))).toBe('MISSING_HEADER');
    expect(reasonOf(() => verifyWebhook(b, headers, SECRET, { format: 'cofre' }))).toBe(
      'MISSING_HEADER',
    );
    expect(reasonOf(() => verifyWebhook(b, {}, SECRET))).toBe('MISSING_HEADER');
  });

  it('accepts any of several secrets, as a receiver switching secrets holds both', () => {
    const old = generateWebhookSecret();
    const { body: b, headers } = signTestWebhook({
      secret: old,
      payload: event,
      format: 'standard-webhooks',
    });
    expect(verifyWebhook(b, headers, [SECRET, old]).id).toBe(event.id);
    expect(reasonOf(() => verifyWebhook(b, headers, [SECRET]))).toBe('NO_MATCHING_SIGNATURE');
  });
});

describe('the cofre format with a subscription secret', () => {
  it('verifies v1=<hex> over id.timestamp.body with the whsec_ key, several signatures allowed', () => {
    const other = generateWebhookSecret();
    const { body: b, headers } = signTestWebhook({
      secret: other,
      alsoSignWith: [SECRET],
      payload: event,
      messageId: 'msg_3',
      timestamp: NOW_S,
    });
    expect(headers).toMatchObject({
      'x-message-id': 'msg_3',
      'x-event-type': 'OPERATION_COMPLETED',
      'x-resource-name': 'OPERATION',
      'x-message-timestamp': String(NOW_S),
    });
    expect(headers['x-message-signature']).toMatch(/^v1=[0-9a-f]{64} v1=[0-9a-f]{64}$/);
    const verified = verifyWebhookMessage(b, headers, SECRET, { now: NOW_S * 1000 });
    expect(verified).toMatchObject({ id: 'msg_3', format: 'cofre', timestamp: NOW_S });
  });

  it('computes the same HMAC as the standardwebhooks library, hex instead of base64', () => {
    const { headers } = signTestWebhook({
      secret: SECRET,
      payload: body,
      messageId: 'msg_4',
      timestamp: NOW_S,
    });
    const standard = new Webhook(SECRET).sign('msg_4', new Date(NOW_S * 1000), body);
    const hex = Buffer.from(standard.slice('v1,'.length), 'base64').toString('hex');
    expect(headers['x-message-signature']).toBe(`v1=${hex}`);
  });

  it('keeps a message days old acceptable (its timestamp is the creation time), up to maxAgeSeconds', () => {
    const { body: b, headers } = signTestWebhook({
      secret: SECRET,
      payload: event,
      timestamp: NOW_S,
    });
    const at = (days: number) => (NOW_S + days * 86_400) * 1000;
    expect(reasonOf(() => verifyWebhook(b, headers, SECRET, { now: at(30) }))).toBe('accepted');
    expect(reasonOf(() => verifyWebhook(b, headers, SECRET, { now: at(36) }))).toBe(
      'TIMESTAMP_TOO_OLD',
    );
    expect(
      reasonOf(() => verifyWebhook(b, headers, SECRET, { now: at(400), maxAgeSeconds: Infinity })),
    ).toBe('accepted');
  });

  it('refuses a whsec_ secret that is not base64', () => {
    expect(() =>
      verifyWebhook(
        body,
        { 'x-message-id': 'm', 'x-message-timestamp': '1', 'x-message-signature': 'v1=00' },
        'whsec_not base64!',
        { maxAgeSeconds: Infinity },
      ),
    ).toThrow(TypeError);
  });
});
