/**
 * One entry of a validation failure: where in the request the problem is and which rule failed.
 *
 * @example
 * ```ts
 * const entry: FieldError = { pointer: '/type', in: 'body', code: 'INVALID_ENUM', detail: 'type must be one of CHECKING, SAVING.' };
 * ```
 */
export interface FieldError {
  /** JSON Pointer (RFC 6901) into the request part named by `in`. */
  pointer: string;
  /** Which part of the request: `body`, `query`, `path` or `header`. */
  in: string;
  /** The failed rule, e.g. `REQUIRED`, `INVALID_ENUM`, `UNKNOWN_FIELD`. */
  code: string;
  /** A sentence for humans. */
  detail: string;
}

/**
 * An RFC 9457 problem document, the body of every error answer of the API
 * (`Content-Type: application/problem+json`), with cofre's `code`, `requestId` and `errors`.
 *
 * @example
 * ```ts
 * const problem: ProblemDocument = {
 *   type: 'urn:cofre:problem:resource-not-found',
 *   title: 'Resource not found',
 *   status: 404,
 *   detail: 'Account acc_01JD0000000000000000000000 was not found.',
 *   code: 'RESOURCE_NOT_FOUND',
 * };
 * ```
 */
export interface ProblemDocument {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  code: string;
  requestId?: string;
  errors?: FieldError[];
  /** Extension members (e.g. OAuth's `error`) are kept as they came. */
  [member: string]: unknown;
}

/**
 * Whether a parsed response body is a problem document of this API (an object with a string
 * `code`).
 *
 * @example
 * ```ts
 * if (isProblemDocument(body)) console.log(body.code);
 * ```
 */
export function isProblemDocument(body: unknown): body is ProblemDocument {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    typeof (body as { code?: unknown }).code === 'string'
  );
}
