/**
 * One error type for everything the API answers on purpose. The error plugin renders it as an
 * RFC 9457 problem document; `code` is the stable, machine-readable part clients switch on.
 */
/**
 * Every code the API answers with, declared once: its HTTP status and its title (the `title` of
 * the problem document, RFC 9457 §3.1.3). Throw sites name only the code. docs/errors.md and the
 * SDK's code list are checked against this table by a test.
 */
export const ERROR_CATALOGUE = {
  INVALID_DATA: { status: 400, title: 'The request is not valid' },
  MALFORMED_JSON: { status: 400, title: 'The request body is not valid JSON' },
  INVALID_CURSOR: { status: 400, title: 'The cursor is not valid for this list' },
  UNSUPPORTED_GRANT_TYPE: { status: 400, title: 'Unsupported grant type' },
  INVALID_SCOPE: { status: 400, title: 'The requested scope is not valid for this client' },
  MALFORMED_REQUEST: { status: 400, title: 'The HTTP request is malformed' },
  INVALID_CLIENT: { status: 401, title: 'Client authentication failed' },
  INVALID_ACCESS_TOKEN: { status: 401, title: 'The access token is missing or not valid' },
  EXPIRED_ACCESS_TOKEN: { status: 401, title: 'The access token has expired' },
  ADMIN_UNAUTHORIZED: { status: 401, title: 'The admin token is missing or not valid' },
  INSUFFICIENT_SCOPE: { status: 403, title: "The access token's scopes do not allow this request" },
  CLIENT_BOUND_TO_ACCOUNTS: {
    status: 403,
    title: 'This client is bound to a list of accounts and cannot open another',
  },
  RESOURCE_NOT_FOUND: { status: 404, title: 'Resource not found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No such route' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'This path does not answer this method' },
  REQUEST_TIMEOUT: { status: 408, title: 'The request was not received in time' },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    title: 'A request with this Idempotency-Key is still in progress',
  },
  SUBSCRIPTION_PAUSED: { status: 409, title: 'The subscription is paused' },
  INVALID_STATE: { status: 409, title: 'The resource is not in a state that allows this' },
  DUPLICATE_PAYMENT_INSTRUCTION: {
    status: 409,
    title: 'The beneficiary already has this payment instruction',
  },
  EXTERNAL_REFERENCE_CONFLICT: {
    status: 409,
    title: 'Another operation already has this external reference',
  },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The request body is too large' },
  URI_TOO_LONG: { status: 414, title: 'The request URI is too long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported content type' },
  UNSUPPORTED_CONTENT_ENCODING: { status: 415, title: 'Unsupported content encoding' },
  IDEMPOTENCY_CONFLICT: {
    status: 422,
    title: 'This Idempotency-Key was used with a different request',
  },
  SUBSCRIPTION_LIMIT_REACHED: { status: 422, title: 'Subscription limit reached' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  TOO_MANY_STREAMS: { status: 429, title: 'Too many streams open at once' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'The database is unavailable' },
  INVALID_AMOUNT_PRECISION: { status: 400, title: 'The amount has more decimals than its asset' },
  AMOUNT_MUST_BE_POSITIVE: { status: 400, title: 'The amount must be greater than zero' },
  AMOUNT_TOO_LARGE: { status: 400, title: 'The amount is above the maximum per request' },
  ASSET_NOT_ENABLED: { status: 422, title: 'The account does not hold this asset' },
  INSUFFICIENT_BALANCE: { status: 422, title: 'The available balance does not cover the amount' },
  ACCOUNT_NOT_ACTIVE: { status: 422, title: 'The account or its asset is not ACTIVE' },
  PAYMENT_INSTRUCTION_NOT_APPROVED: {
    status: 422,
    title: 'The payment instruction is not APPROVED',
  },
  PAYMENT_INSTRUCTION_REMOVED: { status: 422, title: 'The payment instruction was removed' },
  ASSET_MISMATCH: { status: 422, title: "The asset is not the payment instruction's asset" },
  MUTUALLY_EXCLUSIVE_AMOUNTS: { status: 400, title: 'Give sourceAmount or targetAmount, not both' },
  MISSING_AMOUNT: { status: 400, title: 'Give sourceAmount or targetAmount' },
  INVALID_BR_CODE: { status: 400, title: 'The PIX copy-and-paste code is not valid' },
  PIX_KEY_NOT_FOUND: { status: 404, title: 'No PIX account is registered for this key' },
  AMOUNT_TOO_SMALL: { status: 422, title: 'The amount is too small to convert after fees' },
  RATE_UNAVAILABLE: { status: 422, title: 'No rate is available for this pair' },
  QUOTE_EXPIRED: { status: 422, title: 'The quote has expired' },
  QUOTE_ALREADY_CONSUMED: { status: 422, title: 'The quote was already used' },
  QUOTE_ACCOUNT_MISMATCH: { status: 422, title: 'The quote belongs to another account' },
  QUOTE_MISMATCH: { status: 422, title: 'The quote does not match the operation' },
  BR_CODE_AMOUNT_MISMATCH: { status: 422, title: "The amount differs from the PIX code's amount" },
  BALANCE_LIMIT_EXCEEDED: { status: 422, title: 'The balance would exceed its maximum' },
  SAME_ACCOUNT: { status: 422, title: 'The destination account is the source account' },
  OPERATION_NOT_REFUNDABLE: { status: 422, title: 'The operation cannot be refunded' },
  REFUND_WINDOW_EXPIRED: { status: 422, title: 'The refund window of the operation has passed' },
  REFUND_AMOUNT_EXCEEDED: {
    status: 422,
    title: 'The amount is above what remains refundable',
  },
  ALREADY_REVERSED: { status: 409, title: 'The operation was already reversed' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** One entry of a validation failure: where in the request, what rule, and a sentence. */
export interface FieldError {
  /** JSON Pointer (RFC 6901) into the part of the request named by `in`. */
  pointer: string;
  in: 'body' | 'query' | 'path' | 'header';
  code: string;
  detail: string;
}

export interface AppErrorOptions {
  detail?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extra members merged into the problem document (e.g. OAuth's `error`). */
  extensions?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly extensions: Record<string, unknown> | undefined;
  /** Whether the detail may be shown to the caller; never for 5xx other than 503. */
  readonly expose: boolean;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const { status, title } = ERROR_CATALOGUE[code];
    super(options.detail ?? title, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.title = title;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extensions = options.extensions;
    // A 503's detail is always one of ours (an outage, a shutdown: what to do), never a cause's.
    this.expose = status < 500 || status === 503;
  }
}

/**
 * The ids the OpenAPI document's examples use (`acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR`, the second id of
 * a kind ending in `S`). They belong to nobody, so an example sent as is from /docs is a 404; the
 * detail then says why, and what to send instead (docs/api.md "The OpenAPI document").
 */
const EXAMPLE_ID = /^[a-z]+_01JD6Q3W8ZK2C1V7R4X9B5N0A[RS]$/;

export const notFound = (what: string, id: string): AppError =>
  new AppError('RESOURCE_NOT_FOUND', {
    detail: EXAMPLE_ID.test(id)
      ? `${what} ${id} was not found: it is the API documentation's example id. Send the id of one of yours (the answer that created it, or its list: e.g. GET /v1/accounts).`
      : `${what} ${id} was not found.`,
  });

export const invalidData = (errors: FieldError[], detail?: string): AppError =>
  new AppError('INVALID_DATA', {
    detail: detail ?? errors.map((e) => e.detail).join(' '),
    errors,
  });

export const rateLimited = (retryAfterSeconds: number, detail?: string): AppError =>
  new AppError('RATE_LIMITED', {
    detail: detail ?? `Too many requests; retry after ${retryAfterSeconds} s.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** Problem `type` URI for a code: stable, documented in docs/errors.md. */
export const problemType = (code: string): string =>
  `urn:cofre:problem:${code.toLowerCase().replaceAll('_', '-')}`;
