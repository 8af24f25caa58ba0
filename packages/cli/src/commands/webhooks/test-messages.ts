import { signTestWebhook, type SignatureFormat } from '@cofre/sdk/webhooks';
import { testId } from './test-ids.js';

/** One event for one subscription, as the server stores it: id, exact body, creation time. */
export interface TestMessage {
  id: string;
  body: string;
  eventType: string;
  resource: string;
  /** Epoch ms the message was created: the cofre format's signed timestamp. */
  createdMs: number;
}

/** One HTTP attempt: the exact body and headers, in the order the server sends them. */
export interface Delivery {
  messageId: string;
  body: string;
  headers: Record<string, string>;
}

/** A message of the event `body` (a `depositEventBody`), created at `createdMs`. */
export function newMessage(body: string, createdMs: number): TestMessage {
  const event = JSON.parse(body) as { type: string; resource: string };
  return {
    id: testId('msg', createdMs),
    body,
    eventType: event.type,
    resource: event.resource,
    createdMs,
  };
}

/**
 * One attempt of `message` made at `atMs`, signed as the server signs it (docs/webhooks.md
 * "What a delivery looks like"): in the `cofre` format with the message's own timestamp, the
 * same on every attempt, so every attempt is byte-identical; in `standard-webhooks` with the
 * attempt's time, re-signed on each. `secrets` sign in order, each adding one signature, as
 * during a rotation window (the newest first).
 */
export function attemptOf(
  message: TestMessage,
  format: SignatureFormat,
  secrets: readonly [string, ...string[]],
  atMs: number,
): Delivery {
  const [secret, ...others] = secrets;
  const signed = signTestWebhook({
    secret,
    alsoSignWith: others,
    payload: message.body,
    messageId: message.id,
    timestamp: new Date(format === 'cofre' ? message.createdMs : atMs),
    format,
  });
  const names =
    format === 'cofre'
      ? [
          'x-message-id',
          'x-event-type',
          'x-resource-name',
          'x-message-timestamp',
          'x-message-signature',
        ]
      : ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'cofre-webhooks/1',
    // Standard Webhooks deliveries keep these two informational headers too (not signed).
    'x-event-type': message.eventType,
    'x-resource-name': message.resource,
  };
  for (const name of names) headers[name] = signed.headers[name]!;
  return { messageId: message.id, body: message.body, headers };
}
