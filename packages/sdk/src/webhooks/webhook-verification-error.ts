/**
 * Why a webhook was refused by `verifyWebhook`.
 *
 * @example
 * ```ts
 * const reason: WebhookVerificationReason = 'NO_MATCHING_SIGNATURE';
 * ```
 */
export type WebhookVerificationReason =
  /** A required header (`webhook-id`/`X-Message-Id`, its timestamp or its signature) is absent. */
  | 'MISSING_HEADER'
  /** The timestamp header is not whole unix seconds. */
  | 'INVALID_TIMESTAMP'
  /** The message is older than the tolerance allows. */
  | 'TIMESTAMP_TOO_OLD'
  /** The message claims a time further in the future than the tolerance allows. */
  | 'TIMESTAMP_TOO_NEW'
  /** No `v1` signature matches: wrong secret, or the body was altered. */
  | 'NO_MATCHING_SIGNATURE'
  /** The signature matched but the body is not a cofre event. */
  | 'INVALID_PAYLOAD';

/**
 * Thrown by `verifyWebhook` (and refused by the receiver middleware with a 400) when a delivery cannot be trusted. Answer such a request with a 4xx
 * and do not act on it; `reason` says why (log it, never the secret).
 *
 * @example
 * ```ts
 * try {
 *   const event = verifyWebhook(rawBody, req.headers, secret);
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) res.statusCode = 400;
 *   else throw error;
 * }
 * ```
 */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}
