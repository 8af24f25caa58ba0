import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '../types/webhook-event.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

/**
 * Request headers as frameworks hand them over: a fetch `Headers`, or Node's
 * `IncomingHttpHeaders`-like record (names in any case; a repeated header as an array).
 *
 * @example
 * ```ts
 * const headers: WebhookHeaders = { 'x-message-id': 'msg_…', 'x-message-timestamp': '1763800000', 'x-message-signature': 'v1=…' };
 * ```
 */
export type WebhookHeaders =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Options of `verifyWebhook`.
 *
 * @example
 * ```ts
 * const options: VerifyWebhookOptions = { maxAgeSeconds: 30 * 24 * 3600 };
 * ```
 */
export interface VerifyWebhookOptions {
  /**
   * How old `X-Message-Timestamp` may be, in seconds. Default 604800 (7 days). The timestamp is
   * when the message was created and stays the same on every retry, resend and recover (so the
   * signature stays byte-identical), which is why the default is not minutes: a resend from the
   * execution log or a subscription resumed after maintenance delivers older messages. Replays
   * inside the window are stopped by deduplicating `X-Message-Id`. `Infinity` turns it off.
   */
  maxAgeSeconds?: number | undefined;
  /** How far in the future `X-Message-Timestamp` may be (clock skew), in seconds. Default 300. */
  maxSkewSeconds?: number | undefined;
  /** The current time in epoch ms (for tests). Default `Date.now()`. */
  now?: number | undefined;
}

/** The label the server mixes into the client secret to get the webhook key (lib/secrets.ts). */
const KEY_LABEL = 'cofre.webhook-signing.v1';
const DEFAULT_MAX_AGE_SECONDS = 7 * 24 * 3600;
const DEFAULT_MAX_SKEW_SECONDS = 300;

/**
 * Verifies a webhook delivery and returns its event. Checks, in order: the headers are there;
 * `X-Message-Timestamp` is at most `maxAgeSeconds` old and `maxSkewSeconds` ahead; one of the space-separated `v1=`
 * signatures in `X-Message-Signature` is HMAC-SHA256 over `<X-Message-Id>.<X-Message-Timestamp>.<raw
 * body>` with the key derived from `secret` (compared in constant time; during a secret rotation
 * the header carries one signature per key, and any match is enough); the body is a cofre event.
 * Throws `WebhookVerificationError` otherwise. Pass the **raw** body, exactly the bytes received:
 * JSON parsed and serialised again is not the same text. Deduplicate on `X-Message-Id` after.
 *
 * @param rawBody The request body as received (string or bytes).
 * @param headers The request headers.
 * @param secret The client secret of the API client that created the subscription.
 *
 * @example
 * ```ts
 * import { verifyWebhook, WebhookVerificationError } from '@cofre/sdk';
 *
 * app.post('/cofre', express.raw({ type: 'application/json' }), (req, res) => {
 *   try {
 *     const event = verifyWebhook(req.body, req.headers, process.env.COFRE_CLIENT_SECRET!);
 *     queue.push(event); // answer fast, work later
 *     res.sendStatus(204);
 *   } catch (error) {
 *     if (error instanceof WebhookVerificationError) res.status(400).send(error.reason);
 *     else throw error;
 *   }
 * });
 * ```
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const messageId = requiredHeader(headers, 'x-message-id');
  const timestamp = requiredHeader(headers, 'x-message-timestamp');
  const signatures = requiredHeader(headers, 'x-message-signature');

  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError(
      'INVALID_TIMESTAMP',
      'X-Message-Timestamp is not unix seconds.',
    );
  }
  const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  const maxSkew = options.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS;
  const ageSeconds = (options.now ?? Date.now()) / 1000 - Number(timestamp);
  if (ageSeconds > maxAge) {
    throw new WebhookVerificationError(
      'TIMESTAMP_TOO_OLD',
      `The message is ${Math.round(ageSeconds)} s old; maxAgeSeconds is ${maxAge}.`,
    );
  }
  if (-ageSeconds > maxSkew) {
    throw new WebhookVerificationError(
      'TIMESTAMP_TOO_NEW',
      `The message is dated ${Math.round(-ageSeconds)} s ahead; maxSkewSeconds is ${maxSkew}.`,
    );
  }

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const key = createHmac('sha256', secret).update(KEY_LABEL).digest();
  const expected = createHmac('sha256', key)
    .update(`${messageId}.${timestamp}.`)
    .update(body)
    .digest();
  // Every candidate is compared, so the time taken does not tell which one (if any) matched.
  let matched = false;
  for (const candidate of signatures.split(/\s+/)) {
    if (!candidate.startsWith('v1=')) continue; // other schemes: not ours to judge
    const given = Buffer.from(candidate.slice(3), 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'NO_MATCHING_SIGNATURE',
      'No v1 signature in X-Message-Signature matches this body and secret.',
    );
  }

  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('INVALID_PAYLOAD', 'The body is not JSON.');
  }
  if (!isEvent(event)) {
    throw new WebhookVerificationError(
      'INVALID_PAYLOAD',
      'The body is not a cofre event ({id, type, resource, atTime, data}).',
    );
  }
  return event;
}

function requiredHeader(headers: WebhookHeaders, name: string): string {
  const value = headerValue(headers, name);
  if (value === undefined || value.trim() === '') {
    throw new WebhookVerificationError('MISSING_HEADER', `The ${name} header is missing.`);
  }
  return value.trim();
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  // A header repeated is one list (RFC 9110 section 5.3); signatures are space-separated anyway.
  return typeof value === 'string' ? value : value?.join(' ');
}

function isEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.resource === 'string' &&
    typeof event.atTime === 'string' &&
    'data' in event
  );
}
