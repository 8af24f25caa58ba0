import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { attemptHeaders } from '../../src/webhooks/signing/attempt-headers.js';
import { deliveryHeaders } from '../../src/webhooks/signing/signing.js';
import { secretKey, signingSecretsAt } from '../../src/webhooks/signing/subscription-secret.js';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const OLD = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const CREATED_MS = Date.UTC(2026, 10, 22, 8, 56, 33);
const body = '{"id":"evt_1","type":"ACCOUNT_CREATED"}';
const stored = {
  ...deliveryHeaders({
    webhookKeys: [secretKey(SECRET)],
    messageId: 'msg_1',
    eventType: 'ACCOUNT_CREATED',
    resource: 'ACCOUNT',
    createdAtMs: CREATED_MS,
    sequence: 42,
    body,
  }),
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-9a3c2f0b7d1e4c55-01',
};
const message = { id: 'msg_1', headers: stored, body, sequence: 42 };

describe('attemptHeaders', () => {
  it('sends the stored headers, byte for byte, in the cofre format whenever the attempt is', () => {
    const later = attemptHeaders({
      message,
      secrets: [SECRET],
      format: 'cofre',
      now: CREATED_MS + 3_600_000,
    });
    expect(later).toEqual(stored);
  });

  it('signs the cofre format with the hex HMAC of the secret bytes', () => {
    const expected = createHmac('sha256', Buffer.alloc(32, 7))
      .update(`msg_1.${Math.floor(CREATED_MS / 1000)}.${body}`)
      .digest('hex');
    expect(stored['x-message-signature']).toBe(`v1=${expected}`);
  });

  it('signs the standard-webhooks format at the attempt time, as the reference library would', () => {
    const now = CREATED_MS + 600_000;
    const headers = attemptHeaders({
      message,
      secrets: [SECRET],
      format: 'standard-webhooks',
      now,
    });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now / 1000)));
    expect(headers['webhook-signature']).toBe(
      new Webhook(SECRET).sign('msg_1', new Date(now), body),
    );
  });

  it("keeps content type, user agent, event type, resource, sequence and trace context, and drops cofre's signature headers", () => {
    const headers = attemptHeaders({
      message,
      secrets: [SECRET],
      format: 'standard-webhooks',
      now: CREATED_MS,
    });
    expect(Object.keys(headers).sort()).toEqual(
      [
        'content-type',
        'user-agent',
        'x-event-type',
        'x-resource-name',
        'x-message-sequence',
        'traceparent',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ].sort(),
    );
  });

  it('sends the message sequence in both formats, unsigned: the stock verifier accepts it as it is', () => {
    // The stock verifier checks the attempt's timestamp against its own clock.
    const now = Date.now();
    for (const format of ['cofre', 'standard-webhooks'] as const) {
      expect(attemptHeaders({ message, secrets: [SECRET], format, now })).toMatchObject({
        'x-message-sequence': '42',
      });
    }
    const headers = attemptHeaders({
      message,
      secrets: [SECRET],
      format: 'standard-webhooks',
      now,
    });
    const verifier = new Webhook(SECRET);
    expect(() => verifier.verify(body, headers)).not.toThrow();
  });

  it('adds the sequence, last, to a message stored before messages were numbered', () => {
    const older = Object.fromEntries(
      Object.entries(stored).filter(([name]) => name !== 'x-message-sequence'),
    );
    const headers = attemptHeaders({
      message: { ...message, headers: older, sequence: 3 },
      secrets: [SECRET],
      format: 'cofre',
      now: CREATED_MS,
    });
    expect(headers).toEqual({ ...older, 'x-message-sequence': '3' });
    expect(Object.keys(headers).at(-1)).toBe('x-message-sequence');
  });

  it('puts one space-separated signature per secret, the current one first', () => {
    const now = CREATED_MS;
    const secrets = signingSecretsAt(
      { secret: SECRET, previousSecret: OLD, previousSecretExpiresAt: now + 1 },
      now,
    );
    const headers = attemptHeaders({ message, secrets, format: 'standard-webhooks', now });
    const date = new Date(now);
    expect(headers['webhook-signature']).toBe(
      `${new Webhook(SECRET).sign('msg_1', date, body)} ${new Webhook(OLD).sign('msg_1', date, body)}`,
    );
  });

  it('stops signing with the previous secret when its window ends', () => {
    const stored = { secret: SECRET, previousSecret: OLD, previousSecretExpiresAt: CREATED_MS };
    expect(signingSecretsAt(stored, CREATED_MS - 1)).toEqual([SECRET, OLD]);
    expect(signingSecretsAt(stored, CREATED_MS)).toEqual([SECRET]);
  });
});
