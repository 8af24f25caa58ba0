import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, signMessage } from '../../src/webhooks/signing/signing.js';
import { deriveWebhookKey } from '../../src/lib/secrets.js';

// The documented derivation (BRIEF "Deliveries", lib/secrets.ts), written out independently:
//   key       = HMAC-SHA256(key = clientSecret as UTF-8, "cofre.webhook-signing.v1")
//   signature = "v1=" + hex(HMAC-SHA256(key, "<messageId>.<timestamp>.<raw body>"))
const SECRET = 'whsec-known-vector-secret-0123456789ABCDEFG';
const MESSAGE_ID = 'msg_01KDXVZ0000000000000000000';
const TIMESTAMP = 1767225600; // 2026-01-01T00:00:00Z
const BODY = '{"id":"evt_1","type":"ACCOUNT_CREATED"}';

// Computed with OpenSSL, not with this codebase:
//   printf '%s' 'cofre.webhook-signing.v1' | openssl dgst -sha256 -mac HMAC -macopt "key:$SECRET"
//   printf '%s' "$MESSAGE_ID.$TIMESTAMP.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY"
const KEY_HEX = 'e4e92307bc68c1971ee4bb2baef5d1655b2247fc84d5c951ecddaf49bc20c70b';
const SIGNATURE = 'v1=b2952fc8f237e96079a26cc31180ad17385680f3154cfc906a94f0fc105cc168';

function documentedSignature(secret: string, messageId: string, timestamp: number, body: string) {
  const key = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update('cofre.webhook-signing.v1')
    .digest();
  return `v1=${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('hex')}`;
}

describe('webhook signing', () => {
  it('agrees with the known vector computed from the documented derivation', () => {
    expect(documentedSignature(SECRET, MESSAGE_ID, TIMESTAMP, BODY)).toBe(SIGNATURE);
  });

  it('derives the webhook key from the client secret as documented', () => {
    expect(Buffer.from(deriveWebhookKey(SECRET), 'base64url').toString('hex')).toBe(KEY_HEX);
  });

  it('signs "<id>.<timestamp>.<body>" with the derived key', () => {
    expect(signMessage(deriveWebhookKey(SECRET), MESSAGE_ID, TIMESTAMP, BODY)).toBe(SIGNATURE);
  });

  it('signs non-ASCII bodies over their UTF-8 bytes', () => {
    const body = '{"name":"Conceição €"}';
    expect(signMessage(deriveWebhookKey(SECRET), MESSAGE_ID, TIMESTAMP, body)).toBe(
      documentedSignature(SECRET, MESSAGE_ID, TIMESTAMP, body),
    );
  });

  it('builds the delivery headers with the message time in unix seconds', () => {
    const headers = deliveryHeaders({
      webhookKeys: [deriveWebhookKey(SECRET)],
      messageId: MESSAGE_ID,
      eventType: 'ACCOUNT_CREATED',
      resource: 'ACCOUNT',
      createdAtMs: TIMESTAMP * 1000 + 999,
      sequence: 7,
      body: BODY,
    });
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-message-id': MESSAGE_ID,
      'x-event-type': 'ACCOUNT_CREATED',
      'x-resource-name': 'ACCOUNT',
      'x-message-timestamp': String(TIMESTAMP),
      'x-message-signature': SIGNATURE,
      'x-message-sequence': '7',
    });
  });

  it('changes the signature when any signed part changes', () => {
    const key = deriveWebhookKey(SECRET);
    const variants = [
      signMessage(key, `${MESSAGE_ID}X`, TIMESTAMP, BODY),
      signMessage(key, MESSAGE_ID, TIMESTAMP + 1, BODY),
      signMessage(key, MESSAGE_ID, TIMESTAMP, `${BODY} `),
      signMessage(deriveWebhookKey(`${SECRET}x`), MESSAGE_ID, TIMESTAMP, BODY),
    ];
    for (const variant of variants) expect(variant).not.toBe(SIGNATURE);
  });
});
