import type { ReadBody } from '../core/read-body.js';
import { CofreApiError } from './cofre-api-error.js';
import { UNEXPECTED_RESPONSE } from './error-codes.js';
import { isProblemDocument, type FieldError } from './problem.js';

/**
 * Maps an answer the SDK cannot return as a result to a {@link CofreApiError}: a problem document
 * keeps its members; anything else gets the code `UNEXPECTED_RESPONSE` and the raw text as body.
 *
 * @example
 * ```ts
 * throw toApiError({ method: 'GET', url }, response, await readBody(response));
 * ```
 */
export function toApiError(
  request: { method: string; url: string },
  response: Response,
  body: ReadBody,
): CofreApiError {
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;
  const retryAfter = response.headers.get('retry-after') ?? undefined;
  const raw = body.parsed ? body.json : body.text === '' ? undefined : body.text;
  if (isProblemDocument(body.json)) {
    const problem = body.json;
    return new CofreApiError({
      ...request,
      status: response.status,
      code: problem.code,
      title: typeof problem.title === 'string' ? problem.title : response.statusText,
      detail: typeof problem.detail === 'string' ? problem.detail : undefined,
      type: typeof problem.type === 'string' ? problem.type : undefined,
      errors: Array.isArray(problem.errors) ? problem.errors.flatMap(toFieldError) : [],
      requestId:
        headerRequestId ?? (typeof problem.requestId === 'string' ? problem.requestId : undefined),
      body: raw,
      retryAfter,
    });
  }
  return new CofreApiError({
    ...request,
    status: response.status,
    code: UNEXPECTED_RESPONSE,
    title: response.ok
      ? 'The response body is not valid JSON'
      : `HTTP ${response.status} ${response.statusText}`.trim(),
    detail: undefined,
    errors: [],
    requestId: headerRequestId,
    body: raw,
    retryAfter,
  });
}

/** Keeps entries that name a pointer and a code; the other members default to ''. */
function toFieldError(value: unknown): FieldError[] {
  if (typeof value !== 'object' || value === null) return [];
  const entry = value as Record<string, unknown>;
  if (typeof entry.pointer !== 'string' || typeof entry.code !== 'string') return [];
  const text = (member: unknown) => (typeof member === 'string' ? member : '');
  return [
    { pointer: entry.pointer, in: text(entry.in), code: entry.code, detail: text(entry.detail) },
  ];
}
