/**
 * How a subscription's deliveries are signed (docs/webhooks.md "Signature formats"):
 * - `cofre`: `X-Message-Id`, `X-Message-Timestamp` (the message's creation) and
 *   `X-Message-Signature: v1=<hex>`, fixed when the message is created (the default).
 * - `standard-webhooks`: `webhook-id`, `webhook-timestamp` (this attempt's send time) and
 *   `webhook-signature: v1,<base64>`, computed per attempt (https://www.standardwebhooks.com).
 */
export const SIGNATURE_FORMATS = ['cofre', 'standard-webhooks'] as const;
export type SignatureFormat = (typeof SIGNATURE_FORMATS)[number];

export const DEFAULT_SIGNATURE_FORMAT: SignatureFormat = 'cofre';

export const isSignatureFormat = (value: string): value is SignatureFormat =>
  (SIGNATURE_FORMATS as readonly string[]).includes(value);
