import { timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import type { SignatureFormat } from '../types/subscription.js';
import type { WebhookEvent } from '../types/webhook-event.js';
import { signedContentMac } from './webhook-key.js';
import {
  verificationKeys,
  type VerificationKeys,
  type WebhookVerificationKey,
} from './verification-keys.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

/**
 * Request headers as frameworks hand them over: a fetch `Headers`, or Node's
 * `IncomingHttpHeaders`-like record (names in any case; a repeated header as an array).
 *
 * @example
 * ```ts
 * const headers: WebhookHeaders = { 'webhook-id': 'msg_…', 'webhook-timestamp': '1763800000', 'webhook-signature': 'v1,…' };
 * ```
 */
export type WebhookHeaders =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Options of `verifyWebhook` and `verifyWebhookMessage`.
 *
 * @example
 * ```ts
 * const options: VerifyWebhookOptions = { toleranceSeconds: 600, maxAgeSeconds: 30 * 24 * 3600 };
 * ```
 */
export interface VerifyWebhookOptions {
  /**
   * Accept only this format. Default: whichever the headers carry (`webhook-id` → Standard
   * Webhooks, `X-Message-Id` → cofre).
   */
  format?: SignatureFormat | undefined;
  /**
   * `standard-webhooks` format: how far `webhook-timestamp` (the time of this attempt) may be
   * from now, either way, in seconds. Default 300, as the Standard Webhooks libraries.
   */
  toleranceSeconds?: number | undefined;
  /**
   * `cofre` format: how old `X-Message-Timestamp` may be, in seconds. Default 3024000 (35 days:
   * the server's default event retention, 30 days, with margin). That timestamp is when the
   * message was created and stays the same on every retry, resend and recover (so the
   * signature stays byte-identical), so any resend the server can still make is accepted.
   * Replays inside the window are stopped by deduplicating the message id: keep ids at least
   * this long. A subscription paused for longer delivers older messages on resume: raise it, or
   * `Infinity` turns it off.
   */
  maxAgeSeconds?: number | undefined;
  /** `cofre` format: how far in the future `X-Message-Timestamp` may be, in seconds. Default 300. */
  maxSkewSeconds?: number | undefined;
  /** The current time in epoch ms (for tests). Default `Date.now()`. */
  now?: number | undefined;
}

/**
 * A delivery that verified: its message id (the same on every retry and resend: deduplicate on
 * it), the format it came in, its signed timestamp (unix seconds), the event, and its number
 * among the subscription's messages (`X-Message-Sequence`, in both formats; not signed, so
 * trust it as far as the signed message it came with; `undefined` when the header is absent,
 * as from a server before sequence numbers). Feed `sequence` to `createSequenceTracker`.
 *
 * @example
 * ```ts
 * const { id, event, sequence } = verifyWebhookMessage(rawBody, req.headers, secret);
 * if (await seen(id)) return;
 * ```
 */
export interface VerifiedWebhook {
  id: string;
  format: SignatureFormat;
  timestamp: number;
  event: WebhookEvent;
  sequence?: number | undefined;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
// The server keeps events (and can resend their messages) 30 days by default: a resend it can
// make must verify (docs/webhooks.md "Retention").
const DEFAULT_MAX_AGE_SECONDS = 35 * 24 * 3600;
const DEFAULT_MAX_SKEW_SECONDS = 300;

/**
 * Verifies a webhook delivery in either signature format and returns its event. See
 * `verifyWebhookMessage` for the checks; this returns only the event.
 *
 * @param rawBody The request body exactly as received (string or bytes), before any JSON parsing.
 * @param headers The request headers.
 * @param secret The subscription's signing secret (`whsec_…`), or several (any may match: for a
 *   receiver switching secrets). A string without the `whsec_` prefix is taken as the API
 *   client secret and the key derived from it: for a subscription with `signingKey:
 *   'client-secret'` (and those migrated from before subscriptions had their own secret). That
 *   binding makes the receiver hold a secret that can mint API tokens; prefer the default, the
 *   subscription's own secret (`subscriptions.secret(id)`). For a subscription with `signingKey:
 *   'ed25519'`: its public key `whpk_…` or its JWKS (`subscriptions.keys(id)`), which verify
 *   the `v1a,` (Ed25519) signatures of the standard-webhooks format.
 *
 * @example
 * ```ts
 * import { verifyWebhook, WebhookVerificationError } from '@cofre/sdk';
 *
 * app.post('/cofre', express.raw({ type: 'application/json' }), (req, res) => {
 *   try {
 *     const event = verifyWebhook(req.body, req.headers, process.env.COFRE_WEBHOOK_SECRET!);
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
  secret: WebhookVerificationKey | readonly WebhookVerificationKey[],
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  return verifyWebhookMessage(rawBody, headers, secret, options).event;
}

/**
 * Verifies a webhook delivery and returns its message id, format, timestamp and event. The
 * format is read off the headers (or fixed by `options.format`):
 *
 * - `standard-webhooks`: `webhook-id`, `webhook-timestamp` (this attempt's send time, within
 *   `toleranceSeconds` of now) and `webhook-signature` holding space-separated `v1,<base64>`
 *   (HMAC) or `v1a,<base64>` (Ed25519) values.
 * - `cofre`: `X-Message-Id`, `X-Message-Timestamp` (the message's creation time, at most
 *   `maxAgeSeconds` old and `maxSkewSeconds` ahead) and `X-Message-Signature` holding
 *   space-separated `v1=<hex>` values.
 *
 * Both sign HMAC-SHA256(key, `<id>.<timestamp>.<raw body>`) with the key of `secret`; an
 * Ed25519 subscription signs the same content with its private key (`v1a`), checked against
 * the `whpk_` keys and JWKS given. It passes when **any** signature matches **any** key (during
 * a rotation the server sends one per key), HMACs compared in constant time; then the body must
 * be a cofre event. Otherwise it throws
 * `WebhookVerificationError` with a `reason`.
 *
 * @example
 * ```ts
 * const { id, format, event } = verifyWebhookMessage(rawBody, req.headers, secret);
 * console.log(`${format} message ${id}: ${event.type}`);
 * ```
 */
export function verifyWebhookMessage(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: WebhookVerificationKey | readonly WebhookVerificationKey[],
  options: VerifyWebhookOptions = {},
): VerifiedWebhook {
  const format = options.format ?? detectFormat(headers);
  const names = HEADER_NAMES[format];
  const messageId = requiredHeader(headers, names.id);
  const timestamp = requiredHeader(headers, names.timestamp);
  const signatures = requiredHeader(headers, names.signature);
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError(
      'INVALID_TIMESTAMP',
      `${names.timestamp} is not unix seconds.`,
    );
  }
  checkTimestamp(format, Number(timestamp), options);

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const signed = { messageId, timestamp, body };
  if (!anySignatureMatches(format, signatures, signed, verificationKeys(secret))) {
    throw new WebhookVerificationError(
      'NO_MATCHING_SIGNATURE',
      `No v1 or v1a signature in ${names.signature} matches this body and key.`,
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
  return {
    id: messageId,
    format,
    timestamp: Number(timestamp),
    event,
    sequence: sequenceOf(headers),
  };
}

/**
 * Whether any signature of the header matches any key: `v1` (`v1=` in the cofre format) HMACs
 * against the HMAC keys, and in the standard-webhooks format `v1a` Ed25519 signatures against
 * the public keys. Every pair is tried, so the time taken does not tell which one matched.
 */
function anySignatureMatches(
  format: SignatureFormat,
  header: string,
  signed: { messageId: string; timestamp: string; body: Buffer },
  keys: VerificationKeys,
): boolean {
  let matched = false;
  const given = parseSignatures(
    header,
    format === 'cofre' ? 'v1=' : 'v1,',
    format === 'cofre' ? 'hex' : 'base64',
  );
  for (const key of keys.hmac) {
    const expected = signedContentMac(key, signed.messageId, signed.timestamp, signed.body);
    for (const candidate of given) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected))
        matched = true;
    }
  }
  if (format !== 'standard-webhooks') return matched;
  const content = Buffer.concat([
    Buffer.from(`${signed.messageId}.${signed.timestamp}.`),
    signed.body,
  ]);
  for (const key of keys.ed25519) {
    for (const candidate of parseSignatures(header, 'v1a,', 'base64')) {
      if (ed25519Verifies(content, key, candidate)) matched = true;
    }
  }
  return matched;
}

/** An Ed25519 check (RFC 8032); a signature of the wrong length is simply not a match. */
function ed25519Verifies(content: Buffer, key: KeyObject, signature: Buffer): boolean {
  return signature.length === 64 && verify(null, content, key, signature);
}

/** `X-Message-Sequence` as a number; undefined when absent or not a positive integer. */
function sequenceOf(headers: WebhookHeaders): number | undefined {
  const value = headerValue(headers, 'x-message-sequence')?.trim();
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined;
  const sequence = Number(value);
  return Number.isSafeInteger(sequence) ? sequence : undefined;
}

const HEADER_NAMES = {
  cofre: { id: 'x-message-id', timestamp: 'x-message-timestamp', signature: 'x-message-signature' },
  'standard-webhooks': {
    id: 'webhook-id',
    timestamp: 'webhook-timestamp',
    signature: 'webhook-signature',
  },
} as const satisfies Record<SignatureFormat, unknown>;

function detectFormat(headers: WebhookHeaders): SignatureFormat {
  if (headerValue(headers, 'webhook-id') !== undefined) return 'standard-webhooks';
  if (headerValue(headers, 'x-message-id') !== undefined) return 'cofre';
  throw new WebhookVerificationError(
    'MISSING_HEADER',
    'Neither webhook-id (Standard Webhooks) nor X-Message-Id (cofre) is present.',
  );
}

function checkTimestamp(format: SignatureFormat, timestamp: number, options: VerifyWebhookOptions) {
  const ageSeconds = (options.now ?? Date.now()) / 1000 - timestamp;
  const [maxAge, maxSkew, knob] =
    format === 'standard-webhooks'
      ? [
          options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
          options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
          'toleranceSeconds',
        ]
      : [
          options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS,
          options.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS,
          'maxAgeSeconds',
        ];
  if (ageSeconds > maxAge) {
    throw new WebhookVerificationError(
      'TIMESTAMP_TOO_OLD',
      `The message is ${Math.round(ageSeconds)} s old; ${knob} is ${maxAge}.`,
    );
  }
  if (-ageSeconds > maxSkew) {
    throw new WebhookVerificationError(
      'TIMESTAMP_TOO_NEW',
      `The message is dated ${Math.round(-ageSeconds)} s ahead; the limit is ${maxSkew}.`,
    );
  }
}

/** The signatures of one version as bytes; entries of other versions are not ours to judge. */
function parseSignatures(header: string, prefix: string, encoding: BufferEncoding): Buffer[] {
  return header
    .split(/\s+/)
    .filter((entry) => entry.startsWith(prefix))
    .map((entry) => Buffer.from(entry.slice(prefix.length), encoding));
}

function requiredHeader(headers: WebhookHeaders, name: string): string {
  const value = headerValue(headers, name);
  if (value === undefined || value.trim() === '') {
    throw new WebhookVerificationError('MISSING_HEADER', `The ${name} header is missing.`);
  }
  return value.trim();
}

/**
 * One header's value, whatever the container: fetch `Headers` or a Node-style record (names in
 * any case; a repeated header is one list, RFC 9110 section 5.3, and signatures are
 * space-separated anyway).
 */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
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
