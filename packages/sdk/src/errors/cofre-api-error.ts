import type { CofreErrorCode } from './error-codes.js';
import type { FieldError } from './problem.js';

/**
 * Everything a {@link CofreApiError} is made from.
 *
 * @example
 * ```ts
 * const init: CofreApiErrorInit = {
 *   method: 'GET',
 *   url: 'https://api.example.com/v1/accounts/acc_x',
 *   status: 404,
 *   code: 'RESOURCE_NOT_FOUND',
 *   title: 'Resource not found',
 *   detail: 'Account acc_x was not found.',
 *   errors: [],
 *   requestId: 'req_abc',
 *   body: undefined,
 * };
 * ```
 */
export interface CofreApiErrorInit {
  method: string;
  url: string;
  status: number;
  code: CofreErrorCode;
  title: string;
  detail: string | undefined;
  type?: string | undefined;
  errors: FieldError[];
  requestId: string | undefined;
  body: unknown;
  /** The `Retry-After` header of the answer, as received. */
  retryAfter?: string | undefined;
}

/**
 * The API answered with an error (any non-2xx status), or with something that is not a cofre
 * answer. It carries the RFC 9457 problem document's members; switch on `code`, which is stable,
 * and quote `requestId` when reporting a problem. Network failures are not wrapped: they reach
 * the caller as the `fetch` implementation threw them.
 *
 * @example
 * ```ts
 * try {
 *   await client.accounts.get('acc_01JD0000000000000000000000');
 * } catch (error) {
 *   if (error instanceof CofreApiError && error.code === 'RESOURCE_NOT_FOUND') {
 *     // handle the missing account
 *   } else {
 *     throw error;
 *   }
 * }
 * ```
 */
export class CofreApiError extends Error {
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Full URL of the failed request. */
  readonly url: string;
  /** HTTP status of the answer. */
  readonly status: number;
  /** Stable machine-readable code (`RESOURCE_NOT_FOUND`, `INVALID_DATA`, …). */
  readonly code: CofreErrorCode;
  /** Short, human-readable summary of the problem type. */
  readonly title: string;
  /** Explanation specific to this occurrence, when the server gave one. */
  readonly detail: string | undefined;
  /** Problem type URI (`urn:cofre:problem:…`), when the server gave one. */
  readonly type: string | undefined;
  /** Field-level validation failures; empty when there are none. */
  readonly errors: FieldError[];
  /** The `X-Request-Id` of the answer (or the problem's `requestId`). */
  readonly requestId: string | undefined;
  /** The body as received: parsed JSON when it was JSON, the text otherwise, undefined if empty. */
  readonly body: unknown;
  /** The `Retry-After` header (seconds or an HTTP date) of a 429 or 503, as received. */
  readonly retryAfter: string | undefined;

  constructor(init: CofreApiErrorInit) {
    super(
      `${init.method} ${init.url} answered ${init.status} ${init.code}: ${init.detail ?? init.title}`,
    );
    this.name = 'CofreApiError';
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.type = init.type;
    this.errors = init.errors;
    this.requestId = init.requestId;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }
}
