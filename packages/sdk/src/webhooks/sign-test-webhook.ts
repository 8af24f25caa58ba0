import { randomBytes, randomUUID } from 'node:crypto';
import type { SignatureFormat } from '../types/subscription.js';
import { isWebhookPrivateKey, signV1a } from './ed25519-test-key.js';
import { signedContentMac, webhookKey } from './webhook-key.js';

/**
 * What `signTestWebhook` signs.
 *
 * @example
 * ```ts
 * const input: SignTestWebhookInput = {
 *   secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
 *   payload: { id: 'evt_1', type: 'ACCOUNT_CREATED', resource: 'ACCOUNT', atTime: new Date().toISOString(), data: {} },
 *   format: 'standard-webhooks',
 * };
 * ```
 */
export interface SignTestWebhookInput {
  /**
   * The secret the receiver under test verifies with (`whsec_…`, or a legacy client secret);
   * or an Ed25519 private key `whsk_…` (`generateWebhookKeyPair`), which signs `v1a,` in the
   * standard-webhooks format, as a subscription with `signingKey: 'ed25519'` does.
   */
  secret: string;
  /** The event: an object (serialised with `JSON.stringify`) or the exact body text. */
  payload: unknown;
  /** Default `cofre`. */
  format?: SignatureFormat | undefined;
  /** Default a fresh `msg_test_…` id. Reuse one to test deduplication. */
  messageId?: string | undefined;
  /** Unix seconds, or a `Date`. Default now. */
  timestamp?: number | Date | undefined;
  /** Extra secrets to sign with too, as the server does during a rotation window. */
  alsoSignWith?: readonly string[] | undefined;
  /** `X-Message-Sequence`, sent in either format as the server does; left out when absent. */
  sequence?: number | undefined;
}

/**
 * A signed delivery, ready to send to a handler: the exact body and the headers.
 *
 * @example
 * ```ts
 * const { body, headers } = signTestWebhook({ secret, payload: event });
 * await fetch('http://localhost:3000/webhooks', { method: 'POST', body, headers });
 * ```
 */
export interface SignedTestWebhook {
  body: string;
  headers: Record<string, string>;
}

/**
 * Signs a delivery the way the server does, so a receiver can unit-test its handler (and the
 * middleware around it) without a server: same headers, same signature, either format.
 *
 * @example
 * ```ts
 * import { signTestWebhook } from '@cofre/sdk/webhooks';
 *
 * const { body, headers } = signTestWebhook({
 *   secret: process.env.COFRE_WEBHOOK_SECRET!,
 *   payload: { id: 'evt_1', type: 'OPERATION_COMPLETED', resource: 'OPERATION', atTime: new Date().toISOString(), data: { id: 'op_1' } },
 *   format: 'standard-webhooks',
 * });
 * const res = await fetch(`${baseUrl}/webhooks`, { method: 'POST', body, headers });
 * expect(res.status).toBe(200);
 * ```
 */
export function signTestWebhook(input: SignTestWebhookInput): SignedTestWebhook {
  const format = input.format ?? 'cofre';
  const body = typeof input.payload === 'string' ? input.payload : JSON.stringify(input.payload);
  const messageId = input.messageId ?? `msg_test_${randomUUID().replaceAll('-', '')}`;
  const when = input.timestamp ?? new Date();
  const timestamp = String(
    when instanceof Date ? Math.floor(when.getTime() / 1000) : Math.floor(when),
  );
  const secrets = [input.secret, ...(input.alsoSignWith ?? [])];
  const bytes = Buffer.from(body, 'utf8');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (format === 'standard-webhooks') {
    const content = Buffer.concat([Buffer.from(`${messageId}.${timestamp}.`), bytes]);
    headers['webhook-id'] = messageId;
    headers['webhook-timestamp'] = timestamp;
    headers['webhook-signature'] = secrets
      .map((secret) =>
        isWebhookPrivateKey(secret)
          ? signV1a(secret, content)
          : `v1,${signedContentMac(webhookKey(secret), messageId, timestamp, bytes).toString('base64')}`,
      )
      .join(' ');
  } else {
    const event = (
      typeof input.payload === 'object' && input.payload !== null ? input.payload : safeParse(body)
    ) as { type?: unknown; resource?: unknown };
    headers['x-message-id'] = messageId;
    if (typeof event.type === 'string') headers['x-event-type'] = event.type;
    if (typeof event.resource === 'string') headers['x-resource-name'] = event.resource;
    headers['x-message-timestamp'] = timestamp;
    headers['x-message-signature'] = secrets
      .map((secret) => {
        // The cofre format has no asymmetric signature (the server refuses the combination).
        if (isWebhookPrivateKey(secret)) {
          throw new TypeError('A whsk_ key signs only the standard-webhooks format.');
        }
        const mac = signedContentMac(webhookKey(secret), messageId, timestamp, bytes);
        return `v1=${mac.toString('hex')}`;
      })
      .join(' ');
  }
  if (input.sequence !== undefined) headers['x-message-sequence'] = String(input.sequence);
  return { body, headers };
}

/**
 * A new signing secret in the subscription form (`whsec_` + base64 of 32 random bytes), for
 * tests and local receivers; real ones come from `subscriptions.create` or `.secret(id)`.
 *
 * @example
 * ```ts
 * const secret = generateWebhookSecret();
 * const signed = signTestWebhook({ secret, payload: event });
 * ```
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function safeParse(text: string): object {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}
