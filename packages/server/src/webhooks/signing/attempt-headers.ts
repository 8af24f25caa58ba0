import { createHmac } from 'node:crypto';
import type { SignatureFormat } from './signature-formats.js';
import { isPrivateKey, signV1a } from './ed25519-key.js';
import { secretKey } from './subscription-secret.js';

/** The headers of cofre's own format, fixed at message creation (signing.ts deliveryHeaders). */
const COFRE_SIGNATURE_HEADERS = ['x-message-id', 'x-message-timestamp', 'x-message-signature'];

/** The message's number among its subscription's messages, in both formats (not signed). */
const SEQUENCE_HEADER = 'x-message-sequence';

/**
 * Standard Webhooks signature of one attempt over `"<id>.<ts>.<body>"` (Standard Webhooks spec,
 * "Signature scheme"): with a `whsec_` secret, `v1,<base64 HMAC-SHA256>` keyed by the secret's
 * decoded bytes; with a `whsk_` Ed25519 private key (signingKey `ed25519`), `v1a,<base64
 * Ed25519 signature>`. The key's own prefix chooses, as the spec intends its prefixes to.
 */
export function signStandardWebhook(
  secret: string,
  messageId: string,
  timestamp: number,
  body: string,
): string {
  const content = `${messageId}.${timestamp}.${body}`;
  if (isPrivateKey(secret)) return signV1a(secret, content);
  const mac = createHmac('sha256', secretKey(secret)).update(content).digest('base64');
  return `v1,${mac}`;
}

/**
 * The exact headers one attempt of a message is sent with: the one place the delivery worker,
 * resends and `cofre listen` get them from.
 *
 * - `cofre`: the message's stored headers, byte for byte (signed once at creation, so every
 *   retry and resend carries the same signature, spec §6.3).
 * - `standard-webhooks`: the stored informational headers (content type, user agent,
 *   `X-Event-Type`, `X-Resource-Name`, trace context) without cofre's signature headers, plus
 *   `webhook-id` (the message id, stable across attempts), `webhook-timestamp` (`now`, unix
 *   seconds) and `webhook-signature` with one `v1,<base64>` per secret (`v1a,<base64>` per
 *   Ed25519 key), space-separated, the current one first: signed now, so a retry minutes later passes the verifier's 5-minute
 *   tolerance.
 *
 * Both carry `X-Message-Sequence` (docs/webhooks.md "Sequence numbers"), unsigned.
 *
 * `secrets` are the subscription's signing secrets at `now` (signingSecretsAt).
 */
export function attemptHeaders(input: {
  message: {
    id: string;
    headers: Readonly<Record<string, string>>;
    body: string;
    sequence: number;
  };
  secrets: readonly [string, ...string[]];
  format: SignatureFormat;
  /** Unix ms of this attempt. */
  now: number;
}): Record<string, string> {
  const message = { ...input.message, headers: withSequence(input.message) };
  switch (input.format) {
    case 'cofre':
      return { ...message.headers };
    case 'standard-webhooks': {
      const timestamp = Math.floor(input.now / 1000);
      const kept = Object.entries(message.headers).filter(
        ([name]) => !COFRE_SIGNATURE_HEADERS.includes(name),
      );
      return {
        ...Object.fromEntries(kept),
        'webhook-id': message.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': input.secrets
          .map((secret) => signStandardWebhook(secret, message.id, timestamp, message.body))
          .join(' '),
      };
    }
  }
}

/**
 * The stored headers with `x-message-sequence`: a message written before migration 0031 was
 * stored without it and numbered by the migration, so it is added from its number, last; a
 * newer message has it already, in place, and its headers stay byte for byte the stored ones.
 */
function withSequence(message: {
  headers: Readonly<Record<string, string>>;
  sequence: number;
}): Readonly<Record<string, string>> {
  return SEQUENCE_HEADER in message.headers
    ? message.headers
    : { ...message.headers, [SEQUENCE_HEADER]: String(message.sequence) };
}
