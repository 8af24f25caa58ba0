import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { refusedEncoding } from '../../src/plugins/content-encoding.js';
import { MAX_LISTED_ERRORS, problemBody, toAppError } from '../../src/plugins/errors.js';
import { isSensitiveName, redactUrl } from '../../src/plugins/request-log.js';

const fastifyError = (code: string, statusCode: number, message = code): FastifyError =>
  Object.assign(new Error(message), { code, statusCode, name: 'FastifyError' });

describe('toAppError', () => {
  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'PAYLOAD_TOO_LARGE'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'MALFORMED_JSON'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'MALFORMED_JSON'],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, 'MALFORMED_REQUEST'],
    ['FST_ERR_BAD_URL', 400, 'MALFORMED_REQUEST'],
    ['FST_ERR_INVALID_URL', 400, 'MALFORMED_REQUEST'],
    ['FST_ERR_MAX_PARAM_LENGTH', 414, 'URI_TOO_LONG'],
    ['FST_ERR_HANDLER_TIMEOUT', 503, 'SERVICE_UNAVAILABLE'],
  ])('answers Fastify’s %s (%i) with %s', (code, status, expected) => {
    expect(toAppError(fastifyError(code, status)).code).toBe(expected);
  });

  it.each([
    [403, 'ROUTE_NOT_FOUND'],
    [405, 'METHOD_NOT_ALLOWED'],
    [408, 'REQUEST_TIMEOUT'],
    [416, 'INVALID_DATA'],
    [431, 'HEADERS_TOO_LARGE'],
  ])('answers another plugin’s %i with %s, its message clipped', (status, expected) => {
    const error = toAppError(fastifyError('SOME_PLUGIN', status, 'm'.repeat(5000)));
    expect(error.code).toBe(expected);
    expect(error.detail!.length).toBeLessThanOrEqual(201);
  });

  it('keeps anything unexpected opaque: a 500 that shows no detail', () => {
    const error = toAppError(new TypeError('secret internals'));
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(problemBody(error, 'req_1').detail).not.toContain('internals');
  });
});

describe('problemBody', () => {
  it('lists at most 20 errors and counts the rest', () => {
    const errors = Array.from({ length: 57 }, (_, i) => ({
      pointer: `/f${i}`,
      in: 'body' as const,
      code: 'UNKNOWN_FIELD',
      detail: `f${i} is not a known field.`,
    }));
    const body = problemBody(new AppError('INVALID_DATA', { errors }), 'req_1');
    expect(body.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(body.errorsOmitted).toBe(37);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/v1/accounts', '/v1/accounts'],
    ['/v1/accounts?limit=5', '/v1/accounts?limit=5'],
    ['/x?access_token=a&limit=1', '/x?access_token=[redacted]&limit=1'],
    ['/x?CLIENT-SECRET=a', '/x?CLIENT-SECRET=[redacted]'],
    ['/x?my_refresh_token=a', '/x?my_refresh_token=[redacted]'],
    ['/x?pass%77ord=a', '/x?pass%77ord=[redacted]'],
    ['/x?token', '/x?token'],
    ['/x?token=', '/x?token=[redacted]'],
    ['/x?a=1&&secret=b=c', '/x?a=1&&secret=[redacted]'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('treats a malformed escape in a name as written', () => {
    expect(isSensitiveName('tok%ZZen')).toBe(false);
    expect(isSensitiveName('%ZZsecret')).toBe(true);
  });
});

describe('refusedEncoding', () => {
  it.each([
    [undefined, undefined],
    ['identity', undefined],
    [' IDENTITY ', undefined],
    ['identity, identity', undefined],
    ['gzip', 'gzip'],
    ['identity, br', 'br'],
    ['x-nonsense', 'x-nonsense'],
  ])('finds %j refused: %j', (header, refused) => {
    expect(refusedEncoding(header)).toBe(refused);
  });
});
