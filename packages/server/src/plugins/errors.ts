import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, problemType, type FieldError } from '../lib/errors.js';

type ValidationEntry = NonNullable<FastifyError['validation']>[number];

const CONTEXTS: Record<string, FieldError['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const KEYWORD_CODES: Record<string, string> = {
  required: 'REQUIRED',
  type: 'INVALID_TYPE',
  enum: 'INVALID_ENUM',
  const: 'INVALID_ENUM',
  additionalProperties: 'UNKNOWN_FIELD',
  minimum: 'OUT_OF_RANGE',
  maximum: 'OUT_OF_RANGE',
  exclusiveMinimum: 'OUT_OF_RANGE',
  exclusiveMaximum: 'OUT_OF_RANGE',
  minLength: 'INVALID_LENGTH',
  maxLength: 'INVALID_LENGTH',
  minItems: 'INVALID_LENGTH',
  maxItems: 'INVALID_LENGTH',
  uniqueItems: 'DUPLICATE_ITEM',
  pattern: 'INVALID_FORMAT',
  format: 'INVALID_FORMAT',
};

/** One FieldError per failing rule, pointing at the offending member (RFC 6901). */
export function toFieldErrors(
  validation: ValidationEntry[],
  context: string | undefined,
): FieldError[] {
  const location = CONTEXTS[context ?? 'body'] ?? 'body';
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const entry of validation) {
    const params = entry.params;
    let pointer = entry.instancePath;
    let detail: string;
    if (entry.keyword === 'required') {
      pointer = `${pointer}/${String(params.missingProperty)}`;
      detail = `${pointer.slice(1)} is required.`;
    } else if (entry.keyword === 'additionalProperties') {
      pointer = `${pointer}/${String(params.additionalProperty)}`;
      detail = `${pointer.slice(1)} is not a known field.`;
    } else if (entry.keyword === 'enum') {
      detail = `${pointer.slice(1) || 'value'} must be one of ${(params.allowedValues as unknown[]).join(', ')}.`;
    } else {
      detail = `${pointer.slice(1) || 'value'} ${entry.message ?? 'is not valid'}.`;
    }
    const code = KEYWORD_CODES[entry.keyword] ?? 'INVALID_VALUE';
    const key = `${pointer}|${code}`;
    // anyOf/union failures repeat themselves per branch; one line per member and rule is enough.
    if (seen.has(key) || entry.keyword === 'anyOf') continue;
    seen.add(key);
    out.push({ pointer, in: location, code, detail });
  }
  return out;
}

/** Maps whatever was thrown to an AppError; anything unexpected becomes an opaque 500. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fe = error as FastifyError;
  if (fe.validation) {
    const errors = toFieldErrors(fe.validation, fe.validationContext);
    return new AppError('INVALID_DATA', {
      detail: errors.map((e) => e.detail).join(' '),
      errors,
    });
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', {
        detail: 'The request body is larger than this endpoint accepts.',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', {
        detail: 'Send the body as application/json.',
      });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON', {
        detail: 'The body is empty but Content-Type says JSON.',
      });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('MALFORMED_JSON', { detail: 'The request body is not valid JSON.' });
    default:
      break;
  }
  if (error instanceof SyntaxError && fe.statusCode === 400) {
    return new AppError('MALFORMED_JSON', { detail: 'The request body is not valid JSON.' });
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('INVALID_DATA', { detail: fe.message });
  }
  return new AppError('INTERNAL_ERROR', { cause: error });
}

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  error: AppError,
): FastifyReply {
  const body: Record<string, unknown> = {
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    // 5xx never shows its detail: it could name internals.
    detail: error.expose
      ? (error.detail ?? error.title)
      : 'An unexpected error occurred. Quote the requestId when reporting it.',
    code: error.code,
    requestId: request.id,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.expose ? error.extensions : {}),
  };
  if (error.headers) void reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/problem+json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/** Installs the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      request,
      new AppError('ROUTE_NOT_FOUND', {
        detail: `No route ${request.method} ${request.url.split('?')[0]}.`,
      }),
    ),
  );
}
