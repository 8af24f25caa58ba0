import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { isValueTooLarge } from '../db/value-too-large.js';
import { AppError, problemType, type ErrorCode, type FieldError } from '../lib/errors.js';
import { NOT_BLANK } from '../lib/schema.js';
import type { RouteMethods } from './method-not-allowed.js';
import { requestIdFrom } from './request-id.js';
import { logCompletion } from './request-log.js';

type ValidationEntry = NonNullable<FastifyError['validation']>[number];

/**
 * How a route renders its errors when RFC 9457 is not what its clients read: the token endpoint
 * answers in the RFC 6749 section 5.2 shape (modules/oauth/oauth-error.ts). Gets the problem
 * document, already bounded and with 5xx details hidden, and returns the body to send instead.
 */
export type ErrorRenderer = (
  error: AppError,
  problem: Record<string, unknown>,
) => { contentType: string; body: Record<string, unknown> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own error shape (ErrorRenderer); unset = application/problem+json. */
    renderError?: ErrorRenderer;
  }
}

/**
 * An error answer stays small whatever the request was: at most this many `errors` are listed
 * (the rest are counted in `errorsOmitted`), and caller-supplied text is echoed clipped. A 64 KiB
 * body of unknown fields would otherwise come back as a response many times its size.
 */
export const MAX_LISTED_ERRORS = 20;
/** Longest caller-supplied name (a field name, a path) echoed in a pointer or a detail. */
export const MAX_ECHO_CHARS = 64;
const MAX_POINTER_CHARS = 256;
const MAX_DETAIL_CHARS = 1024;
/** How many field errors the `detail` sentence repeats; `errors` has the (capped) list. */
const DETAIL_SENTENCES = 5;

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
  maxProperties: 'INVALID_LENGTH',
  uniqueItems: 'DUPLICATE_ITEM',
  pattern: 'INVALID_FORMAT',
  format: 'INVALID_FORMAT',
};

/** `text`, cut to `max` characters with an ellipsis when longer. */
export function clip(text: string, max = MAX_ECHO_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** One JSON Pointer reference token (RFC 6901 §3: `~` → `~0`, `/` → `~1`), clipped. */
const token = (name: string): string =>
  clip(name, MAX_ECHO_CHARS).replaceAll('~', '~0').replaceAll('/', '~1');

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
    let pointer = clip(entry.instancePath, MAX_POINTER_CHARS);
    let detail: string;
    // A rule on an object's keys (`propertyNames`, e.g. metadata keys): ajv reports the inner
    // rule with the key's name; the pointer names that member. The wrapping entry repeats it.
    if (entry.keyword === 'propertyNames') continue;
    const keyName = (entry as { propertyName?: unknown }).propertyName;
    if (typeof keyName === 'string') {
      pointer = `${pointer}/${token(keyName)}`;
      const code = KEYWORD_CODES[entry.keyword] ?? 'INVALID_VALUE';
      const seenKey = `${pointer}|${code}`;
      if (!seen.has(seenKey)) {
        out.push({
          pointer,
          in: location,
          code,
          detail: `${pointer.slice(1)}: the key ${entry.message ?? 'is not valid'}.`,
        });
      }
      seen.add(seenKey);
      continue;
    }
    if (entry.keyword === 'required') {
      pointer = `${pointer}/${token(String(params.missingProperty))}`;
      detail = `${pointer.slice(1)} is required.`;
    } else if (entry.keyword === 'additionalProperties') {
      pointer = `${pointer}/${token(String(params.additionalProperty))}`;
      detail = `${pointer.slice(1)} is not a known field.`;
    } else if (entry.keyword === 'discriminator') {
      // The member that picks a oneOf branch (e.g. `rail`) is missing or names no branch.
      pointer = `${pointer}/${token(String(params.tag))}`;
      const missing = params.tagValue === undefined;
      detail = missing
        ? `${pointer.slice(1)} is required.`
        : `${pointer.slice(1)} is not one of the documented values.`;
      const code = missing ? 'REQUIRED' : 'INVALID_ENUM';
      const key = `${pointer}|${code}`;
      if (!seen.has(key)) out.push({ pointer, in: location, code, detail });
      seen.add(key);
      continue;
    } else if (entry.keyword === 'pattern' && params.pattern === NOT_BLANK) {
      detail = `${pointer.slice(1) || 'value'} must not be blank: give at least one character that is not white space.`;
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

/** The `detail` of a validation problem: the first few field sentences and how many follow. */
export function summarize(errors: FieldError[]): string {
  const shown = errors.slice(0, DETAIL_SENTENCES).map((e) => e.detail);
  const rest = errors.length - shown.length;
  return rest > 0 ? `${shown.join(' ')} And ${rest} more (see errors).` : shown.join(' ');
}

/** Fastify's own error codes, each answered with the catalogue code that names it. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    detail: 'The request body is larger than this endpoint accepts.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Send the body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_JSON',
    detail: 'The body is empty but Content-Type says JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'MALFORMED_JSON',
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'MALFORMED_REQUEST',
    detail: 'Content-Length does not match the body received.',
  },
  FST_ERR_BAD_URL: {
    code: 'MALFORMED_REQUEST',
    detail: 'The URL path is not valid: it has a malformed percent-encoding.',
  },
  FST_ERR_INVALID_URL: { code: 'MALFORMED_REQUEST', detail: 'The request target is not a path.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'URI_TOO_LONG',
    detail: 'A path parameter is longer than any identifier of this API.',
  },
  FST_ERR_HANDLER_TIMEOUT: {
    code: 'SERVICE_UNAVAILABLE',
    detail: 'The request took too long; retry later.',
  },
};

/**
 * Any other 4xx a plugin raises (e.g. the static files behind /docs), by status. Statuses not
 * here become 400 INVALID_DATA: the request was refused for a reason that is the caller's.
 */
const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  403: 'ROUTE_NOT_FOUND',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** Seconds a client is asked to wait after a database outage answer; the pool reconnects meanwhile. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The answer to a request the database could not serve (db/database-unavailable.ts). The detail
 * is fixed: the cause (an address, a SQLSTATE) stays in the log.
 */
export function databaseUnavailable(cause: unknown, detail?: string): AppError {
  return new AppError('DATABASE_UNAVAILABLE', {
    detail: detail ?? 'The database is unavailable right now; retry the request shortly.',
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

/** Maps whatever was thrown to an AppError; anything unexpected becomes an opaque 500. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fe = error as FastifyError;
  if (fe.validation) {
    const errors = toFieldErrors(fe.validation, fe.validationContext);
    // A cursor outside its documented form is as invalid as a tampered one: one code for both.
    const cursorForm = (e: FieldError) =>
      e.in === 'query' && e.pointer === '/cursor' && e.code === 'INVALID_FORMAT';
    if (errors.length > 0 && errors.every(cursorForm)) {
      const detail =
        'The cursor is malformed: pass meta.nextCursor or meta.previousCursor as given.';
      return new AppError('INVALID_CURSOR', {
        detail,
        errors: [{ pointer: '/cursor', in: 'query', code: 'INVALID_CURSOR', detail }],
      });
    }
    return new AppError('INVALID_DATA', { detail: summarize(errors), errors });
  }
  const known = FASTIFY_CODES[fe.code];
  if (known) return new AppError(known.code, { detail: known.detail });
  if (error instanceof SyntaxError && fe.statusCode === 400) {
    return new AppError('MALFORMED_JSON', { detail: 'The request body is not valid JSON.' });
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // The message is a plugin's, possibly quoting the request: shown clipped.
    return new AppError(CODE_FOR_STATUS[fe.statusCode] ?? 'INVALID_DATA', {
      detail: clip(fe.message, 200),
    });
  }
  if (isValueTooLarge(error)) {
    // The database's message names the index or column, not the field: no pointer to give.
    return new AppError('INVALID_DATA', {
      detail: "A value in this request is too long to store. See each field's maxLength.",
      cause: error,
    });
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  return new AppError('INTERNAL_ERROR', { cause: error });
}

/** The problem document for an error (RFC 9457), bounded in size whatever the request was. */
export function problemBody(error: AppError, requestId: string): Record<string, unknown> {
  const errors = error.errors;
  const omitted = errors ? errors.length - MAX_LISTED_ERRORS : 0;
  return {
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    // 5xx never shows its detail: it could name internals.
    detail: error.expose
      ? clip(error.detail ?? error.title, MAX_DETAIL_CHARS)
      : 'An unexpected error occurred. Quote the requestId when reporting it.',
    code: error.code,
    requestId,
    ...(errors ? { errors: errors.slice(0, MAX_LISTED_ERRORS) } : {}),
    ...(omitted > 0 ? { errorsOmitted: omitted } : {}),
    ...(error.expose ? error.extensions : {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  error: AppError,
): FastifyReply {
  if (error.headers) void reply.headers(error.headers);
  const problem = problemBody(error, request.id);
  // Errors raised before routing have no route config, so they stay problem documents.
  const render = request.routeOptions?.config?.renderError;
  const { contentType, body } = render
    ? render(error, problem)
    : { contentType: 'application/problem+json; charset=utf-8', body: problem };
  // Set here too, not only by the onRequest hook: errors raised before routing (a bad URL)
  // never run hooks.
  void reply.header('x-request-id', request.id).code(error.status).type(contentType);
  // A HEAD answer has no content (RFC 9110 §9.3.2): the status and headers say it all. Node
  // drops a body on the wire anyway; sending none keeps in-process callers (inject) honest too.
  if (request.method === 'HEAD') return reply.send();
  return reply.serializer(JSON.stringify).send(body);
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  // A caller's mistake is not the server's: only 5xx are logged as errors (the completion line
  // records every answer at info). An outage is not a bug either: one warn line per request,
  // without a stack, so it does not bury real errors.
  if (appError.code === 'DATABASE_UNAVAILABLE') {
    const cause = appError.cause instanceof Error ? appError.cause : undefined;
    request.log.warn(
      { cause: cause && { message: cause.message, code: (cause as { code?: unknown }).code } },
      'database unavailable',
    );
  } else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
  // A 400 that a field's maxLength should have given: a limit to add (the message names the
  // index or column, never the value).
  else if (isValueTooLarge(error)) request.log.warn({ err: error }, 'value too long to store');
  return sendProblem(reply, request, appError);
}

/**
 * Fastify's `frameworkErrors` option: errors found while routing, before any hook runs (a
 * malformed percent-encoding in the path, a path parameter over `maxParamLength`).
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // Fastify logs no completion for these (its response listeners are set up after routing).
  reply.raw.once('finish', () => logCompletion(null, request, reply));
  void handleError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler` option: Node could not parse the HTTP message at all (bad
 * framing, headers over the limit, too slow), so there is no request object. Answers with a
 * problem document on the raw socket, as Node's default would answer a bare 400, and closes it.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'REQUEST_TIMEOUT'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HEADERS_TOO_LARGE'
        : 'MALFORMED_REQUEST';
  const requestId = requestIdFrom(undefined);
  const appError = new AppError(code, {
    detail:
      code === 'MALFORMED_REQUEST' ? 'The request is not a well-formed HTTP message.' : undefined,
  });
  // Scanners and broken clients make these all day: not worth more than debug.
  this.log.debug({ err: error, requestId }, 'client error');
  // Like Node's own handler: answer only when no response to this connection has started.
  const busy = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !busy?.headersSent) {
    const body = JSON.stringify(problemBody(appError, requestId));
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Installs the error and not-found handlers on the root instance. With the route table, a path
 * that exists for other methods answers 405 METHOD_NOT_ALLOWED with `Allow` (RFC 9110 §15.5.6)
 * instead of 404.
 */
export function registerErrorHandling(app: FastifyInstance, methods?: RouteMethods): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methods?.allowedAt(path) ?? [];
    if (allowed.length > 0) {
      return sendProblem(
        reply,
        request,
        new AppError('METHOD_NOT_ALLOWED', {
          detail: `${clip(request.method, 16)} is not allowed on ${clip(path, 200)}; use ${allowed.join(', ')}.`,
          headers: { allow: allowed.join(', ') },
        }),
      );
    }
    return sendProblem(
      reply,
      request,
      new AppError('ROUTE_NOT_FOUND', {
        detail: `No route ${request.method} ${clip(path, 200)}.`,
      }),
    );
  });
}
