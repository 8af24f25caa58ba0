import { createHmac } from 'node:crypto';

/**
 * Webhook signature (BRIEF "Deliveries"): `v1=<hex HMAC-SHA256(key, "<messageId>.<timestamp>.<body>")>`,
 * where key is the client's webhook key (lib/secrets.ts deriveWebhookKey, base64url-decoded) and
 * timestamp is the message's creation time in unix seconds. Computed once per message, so every
 * retry and resend carries the same signature (spec section 6.3).
 */
export function signMessage(
  webhookKey: string,
  messageId: string,
  timestamp: number,
  body: string,
): string {
  const mac = createHmac('sha256', Buffer.from(webhookKey, 'base64url'))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('hex');
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
  [name: string]: string;
}

/**
 * The headers a message is sent with, fixed at creation. `webhookKeys` is the client's current
 * key first, then, within the grace window after a secret rotation, the previous one: each
 * signs, and `X-Message-Signature` carries them space-separated (`v1=<new> v1=<old>`, as the
 * Standard Webhooks scheme does), so a receiver holding either secret verifies "any of".
 */
export function deliveryHeaders(input: {
  webhookKeys: readonly [string, ...string[]];
  messageId: string;
  eventType: string;
  resource: string;
  createdAtMs: number;
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
  };
}
