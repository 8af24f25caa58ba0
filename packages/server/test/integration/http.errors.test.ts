import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';

/** Words that would show a 5xx body leaks internals (driver, SQL, pool, stack frames). */
const INTERNALS =
  /sqlite|postgres|\bpg\b|kysely|pool|driver|destroyed|connection|select|insert|from\s+"|\.ts\b|\.js\b|node_modules|\bat\s+\S+\s+\(|stack/i;

describe.each(ENGINES)('HTTP errors on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine, { env: { COFRE_BODY_LIMIT_BYTES: '1024' } });

  beforeAll(async () => {
    ({ token } = await t.customer('Errors'));
  });

  const authed = (options: InjectOptions) => t.as(token, options);

  it.each([
    ['GET', '/nope'],
    ['GET', '/v1/nope'],
    ['POST', '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ/close'],
    ['DELETE', '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ/nope'],
  ] as const)('answers an unknown route %s %s with 404 ROUTE_NOT_FOUND', async (method, url) => {
    const res = await t.app.inject({ method, url });
    const problem = expectProblem(res, 404, 'ROUTE_NOT_FOUND');
    expect(problem.detail).toContain(url);
  });

  it('does not echo the query string of an unknown route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?secret=hunter2' });
    const problem = expectProblem(res, 404, 'ROUTE_NOT_FOUND');
    expect(res.body).not.toContain('hunter2');
    expect(problem.detail).toContain('/nope');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await authed({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'CHECKING', padding: 'x'.repeat(2048) }),
    });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers a token request over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ clientId: 'cli_x', clientSecret: 'x'.repeat(4096) }),
    });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a body just under the limit', async () => {
    const payload = JSON.stringify({ type: 'CHECKING' });
    expect(payload.length).toBeLessThan(1024);
    const res = await authed({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])(
    'answers POST /v1/accounts with Content-Type %s with 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      const res = await authed({
        method: 'POST',
        url: '/v1/accounts',
        headers: { 'content-type': contentType },
        payload: 'type=CHECKING',
      });
      expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it.each(['text/plain', 'application/xml'])(
    'answers a token request with Content-Type %s with 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': contentType },
        payload: 'clientId=x&clientSecret=y',
      });
      expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  // An empty body is no body (http.empty-json-body.test.ts), not malformed JSON.
  it.each(['{"type":', '{type: "CHECKING"}', "{'type':'CHECKING'}", '{"type":"CHECKING"}}', ' '])(
    'answers the malformed JSON body %j with 400 MALFORMED_JSON',
    async (payload) => {
      const res = await authed({
        method: 'POST',
        url: '/v1/accounts',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectProblem(res, 400, 'MALFORMED_JSON');
    },
  );

  it('answers a malformed JSON token request with 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/json' },
      payload: '{"clientId":"cli_x",',
    });
    expectProblem(res, 400, 'MALFORMED_JSON');
  });

  it('renders validation, auth, not-found and token failures as complete problem documents', async () => {
    const cases = [
      [await authed({ method: 'GET', url: '/v1/accounts?limit=0' }), 400, 'INVALID_DATA'],
      [await t.app.inject({ method: 'GET', url: '/v1/accounts' }), 401, 'INVALID_ACCESS_TOKEN'],
      [
        await authed({ method: 'GET', url: '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ' }),
        404,
        'RESOURCE_NOT_FOUND',
      ],
      [
        await t.app.inject({
          method: 'POST',
          url: TOKEN_URL,
          payload: { clientId: 'cli_01ZZZZZZZZZZZZZZZZZZZZZZZZ', clientSecret: 'wrong' },
        }),
        401,
        'INVALID_CLIENT',
      ],
    ] as const;
    for (const [res, status, code] of cases) expectProblem(res, status, code);
  });
});

describe.each(ENGINES)('HTTP 5xx on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    ({ token } = await t.customer('Doomed'));
    // The database goes away under a running app.
    await t.handle.destroy();
  });

  it('answers an authenticated request with a generic 500 that names no internals', async () => {
    const res = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    const problem = expectProblem(res, 500, 'INTERNAL_ERROR');
    expect(problem.detail).toMatch(/unexpected error/i);
    expect(res.body).not.toMatch(INTERNALS);
    expect(Object.keys(problem).sort()).toEqual([
      'code',
      'detail',
      'requestId',
      'status',
      'title',
      'type',
    ]);
  });

  it('answers a token request with a generic 500 that names no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { clientId: 'cli_01ZZZZZZZZZZZZZZZZZZZZZZZZ', clientSecret: 'x' },
    });
    expectProblem(res, 500, 'INTERNAL_ERROR');
    expect(res.body).not.toMatch(INTERNALS);
  });

  it('answers /readyz with 503 DATABASE_UNAVAILABLE that names no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).not.toMatch(INTERNALS);
  });

  it('still answers /healthz: the process itself is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});
