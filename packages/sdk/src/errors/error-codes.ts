/**
 * The stable error codes the API answers with (the `code` of a problem document). The server
 * may add codes at any time, so code that switches on them keeps a default branch.
 *
 * @example
 * ```ts
 * const known = (COFRE_ERROR_CODES as readonly string[]).includes(error.code);
 * ```
 */
export const COFRE_ERROR_CODES = [
  'INVALID_DATA',
  'MALFORMED_JSON',
  'INVALID_CURSOR',
  'UNSUPPORTED_GRANT_TYPE',
  'INVALID_SCOPE',
  'MALFORMED_REQUEST',
  'INVALID_CLIENT',
  'INVALID_ACCESS_TOKEN',
  'EXPIRED_ACCESS_TOKEN',
  'ADMIN_UNAUTHORIZED',
  'INSUFFICIENT_SCOPE',
  'CLIENT_BOUND_TO_ACCOUNTS',
  'RESOURCE_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'IDEMPOTENCY_IN_PROGRESS',
  'SUBSCRIPTION_PAUSED',
  'INVALID_STATE',
  'DUPLICATE_PAYMENT_INSTRUCTION',
  'EXTERNAL_REFERENCE_CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNSUPPORTED_CONTENT_ENCODING',
  'IDEMPOTENCY_CONFLICT',
  'SUBSCRIPTION_LIMIT_REACHED',
  'RATE_LIMITED',
  'TOO_MANY_STREAMS',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INVALID_AMOUNT_PRECISION',
  'AMOUNT_MUST_BE_POSITIVE',
  'AMOUNT_TOO_LARGE',
  'ASSET_NOT_ENABLED',
  'INSUFFICIENT_BALANCE',
  'ACCOUNT_NOT_ACTIVE',
  'PAYMENT_INSTRUCTION_NOT_APPROVED',
  'PAYMENT_INSTRUCTION_REMOVED',
  'ASSET_MISMATCH',
  'MUTUALLY_EXCLUSIVE_AMOUNTS',
  'MISSING_AMOUNT',
  'INVALID_BR_CODE',
  'PIX_KEY_NOT_FOUND',
  'AMOUNT_TOO_SMALL',
  'RATE_UNAVAILABLE',
  'QUOTE_EXPIRED',
  'QUOTE_ALREADY_CONSUMED',
  'QUOTE_ACCOUNT_MISMATCH',
  'QUOTE_MISMATCH',
  'BR_CODE_AMOUNT_MISMATCH',
  'BALANCE_LIMIT_EXCEEDED',
  'SAME_ACCOUNT',
  'OPERATION_NOT_REFUNDABLE',
  'REFUND_WINDOW_EXPIRED',
  'REFUND_AMOUNT_EXCEEDED',
  'ALREADY_REVERSED',
] as const;

/**
 * The code the SDK itself uses when an answer is not what the API contract promises: an error
 * without a problem document (say, an HTML page from a proxy) or a success body that is not JSON.
 *
 * @example
 * ```ts
 * if (error.code === UNEXPECTED_RESPONSE) console.error('not a cofre answer:', error.body);
 * ```
 */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

/**
 * An error code: one of the known ones (with editor completion) or any other string the server
 * may introduce later.
 *
 * @example
 * ```ts
 * function isRetryable(code: CofreErrorCode): boolean {
 *   return code === 'RATE_LIMITED' || code === 'SERVICE_UNAVAILABLE';
 * }
 * ```
 */
export type CofreErrorCode =
  | (typeof COFRE_ERROR_CODES)[number]
  | typeof UNEXPECTED_RESPONSE
  // `string & {}` keeps the literal members visible to completion instead of widening to string.
  | (string & {});
