/**
 * One error type for everything the API answers on purpose. The error plugin renders it as an
 * RFC 9457 problem document; `code` is the stable, machine-readable part clients switch on.
 */
export const ERROR_CODES = [
  'INVALID_DATA',
  'MALFORMED_JSON',
  'INVALID_CURSOR',
  'RESOURCE_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'INVALID_ACCESS_TOKEN',
  'EXPIRED_ACCESS_TOKEN',
  'INVALID_CLIENT',
  'UNSUPPORTED_GRANT_TYPE',
  'RATE_LIMITED',
  'IDEMPOTENCY_CONFLICT',
  'IDEMPOTENCY_IN_PROGRESS',
  'SUBSCRIPTION_LIMIT_REACHED',
  'SUBSCRIPTION_PAUSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_ACCEPTABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

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

const TITLES: Record<ErrorCode, string> = {
  INVALID_DATA: 'The request is not valid',
  MALFORMED_JSON: 'The request body is not valid JSON',
  INVALID_CURSOR: 'The cursor is not valid for this list',
  RESOURCE_NOT_FOUND: 'Resource not found',
  ROUTE_NOT_FOUND: 'No such route',
  INVALID_ACCESS_TOKEN: 'The access token is missing or not valid',
  EXPIRED_ACCESS_TOKEN: 'The access token has expired',
  INVALID_CLIENT: 'Client authentication failed',
  UNSUPPORTED_GRANT_TYPE: 'Unsupported grant type',
  RATE_LIMITED: 'Too many requests',
  IDEMPOTENCY_CONFLICT: 'This Idempotency-Key was used with a different request',
  IDEMPOTENCY_IN_PROGRESS: 'A request with this Idempotency-Key is still in progress',
  SUBSCRIPTION_LIMIT_REACHED: 'Subscription limit reached',
  SUBSCRIPTION_PAUSED: 'The subscription is paused',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  NOT_ACCEPTABLE: 'Not acceptable',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  INTERNAL_ERROR: 'Internal error',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly extensions: Record<string, unknown> | undefined;
  /** Whether the detail may be shown to the caller; never for 5xx. */
  readonly expose: boolean;

  constructor(code: ErrorCode, status: number, options: AppErrorOptions = {}) {
    super(options.detail ?? TITLES[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.title = TITLES[code];
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extensions = options.extensions;
    this.expose = status < 500;
  }
}

export const notFound = (what: string, id: string): AppError =>
  new AppError('RESOURCE_NOT_FOUND', 404, { detail: `${what} ${id} was not found.` });

export const invalidData = (errors: FieldError[], detail?: string): AppError =>
  new AppError('INVALID_DATA', 400, {
    detail: detail ?? errors.map((e) => e.detail).join(' '),
    errors,
  });

export const rateLimited = (retryAfterSeconds: number, detail?: string): AppError =>
  new AppError('RATE_LIMITED', 429, {
    detail: detail ?? `Too many requests; retry after ${retryAfterSeconds} s.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** Problem `type` URI for a code: stable, documented in docs/errors.md. */
export const problemType = (code: string): string =>
  `urn:cofre:problem:${code.toLowerCase().replaceAll('_', '-')}`;
