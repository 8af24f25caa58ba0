import { createHmac } from 'node:crypto';

/**
 * cofre's signature (BRIEF "Deliveries"): `v1=<hex HMAC-SHA256(key, "<messageId>.<timestamp>.<body>")>`,
 * where key is the subscription secret's bytes (subscription-secret.ts secretKey; a string is
 * read as base64 or base64url, as the client-derived keys before migration 0014 were stored) and
 * timestamp is the message's creation time in unix seconds. Computed once per message, so every
 * retry and resend carries the same signature (spec section 6.3).
 */
export function signMessage(
  webhookKey: string | Uint8Array,
  messageId: string,
  timestamp: number,
  body: string,
): string {
  const key = typeof webhookKey === 'string' ? Buffer.from(webhookKey, 'base64url') : webhookKey;
  const mac = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('hex');
  return `v1=${mac}`;
}

export interface DeliveryHeaders {
  'content-type': 'application/json';
  'user-agent': string;
  'x-message-id': string;
  'x-event-type': string;
  'x-resource-name': string;
  'x-message-timestamp': string;
  'x-message-signature': string;
  'x-message-sequence': string;
  [name: string]: string;
}

/**
 * The headers a message is stored with, fixed at creation: what the `cofre` format sends on
 * every attempt (attempt-headers.ts). `X-Message-Sequence` is the message's number among its
 * subscription's messages (docs/webhooks.md "Sequence numbers"); like the event type, it is not
 * signed, so the signed content stays what every verifier expects. `webhookKeys` is the subscription's current key first,
 * then, within the window after a secret rotation, the previous one: each signs, and
 * `X-Message-Signature` carries them space-separated (`v1=<new> v1=<old>`), so a receiver
 * holding either secret verifies "any of".
 */
export function deliveryHeaders(input: {
  webhookKeys: readonly [string | Uint8Array, ...(string | Uint8Array)[]];
  messageId: string;
  eventType: string;
  resource: string;
  createdAtMs: number;
  sequence: number;
  body: string;
}): DeliveryHeaders {
  const timestamp = Math.floor(input.createdAtMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'cofre-webhooks/1',
    'x-message-id': input.messageId,
    'x-event-type': input.eventType,
    'x-resource-name': input.resource,
    'x-message-timestamp': String(timestamp),
    'x-message-signature': input.webhookKeys
      .map((key) => signMessage(key, input.messageId, timestamp, input.body))
      .join(' '),
    'x-message-sequence': String(input.sequence),
  };
}
