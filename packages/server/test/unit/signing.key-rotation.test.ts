import { describe, expect, it } from 'vitest';
import { deliveryHeaders, signMessage } from '../../src/webhooks/signing/signing.js';
import { deriveWebhookKey } from '../../src/lib/secrets.js';

const NEW_KEY = deriveWebhookKey('new-secret-0123456789ABCDEFGHIJKLMNOPQRSTUV');
const OLD_KEY = deriveWebhookKey('old-secret-0123456789ABCDEFGHIJKLMNOPQRSTUV');
const MESSAGE = {
  messageId: 'msg_01KDXVZ0000000000000000000',
  eventType: 'ACCOUNT_CREATED',
  resource: 'ACCOUNT',
  createdAtMs: 1767225600_000,
  sequence: 1,
  body: '{"id":"evt_1"}',
};
const TIMESTAMP = 1767225600;

describe('webhook signing during a key rotation', () => {
  it('carries one signature per key, newest first, separated by one space', () => {
    const header = deliveryHeaders({ ...MESSAGE, webhookKeys: [NEW_KEY, OLD_KEY] })[
      'x-message-signature'
    ];
    const newSig = signMessage(NEW_KEY, MESSAGE.messageId, TIMESTAMP, MESSAGE.body);
    const oldSig = signMessage(OLD_KEY, MESSAGE.messageId, TIMESTAMP, MESSAGE.body);
    // The exact bytes receivers and the SDK parse: `v1=<hex> v1=<hex>` (Standard Webhooks).
    expect(header).toBe(`${newSig} ${oldSig}`);
    expect(header).toMatch(/^v1=[0-9a-f]{64} v1=[0-9a-f]{64}$/);
  });

  it('carries a single signature when there is one key', () => {
    const header = deliveryHeaders({ ...MESSAGE, webhookKeys: [NEW_KEY] })['x-message-signature'];
    expect(header).toMatch(/^v1=[0-9a-f]{64}$/);
  });
});
