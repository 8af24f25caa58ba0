import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const GENERATED = /^req_[A-Za-z0-9_-]{16}$/;

describe.each(ENGINES)('X-Request-Id on %s', (engine) => {
  let alice: Awaited<ReturnType<TestApp['customer']>>;

  const t = useTestApp(engine, {
    // Every round sends one wrong secret; keep the failed-token limiter out of the way.
    env: { COFRE_BODY_LIMIT_BYTES: '1024', COFRE_TOKEN_FAILURES_PER_MINUTE: '100000' },
  });

  beforeAll(async () => {
    alice = await t.customer('Request ids');
  });

  /** One request of each kind of answer the API gives, optionally with a caller's request id. */
  const everyKindOfResponse = (requestId?: string) => {
    const headers = requestId === undefined ? {} : { 'x-request-id': requestId };
    const bearer = { ...headers, authorization: `Bearer ${alice.token}` };
    const requests: [string, InjectOptions][] = [
      ['200 health', { method: 'GET', url: '/healthz', headers }],
      ['200 authed', { method: 'GET', url: '/v1/accounts', headers: bearer }],
      [
        '201 created',
        { method: 'POST', url: '/v1/accounts', headers: bearer, payload: { type: 'CHECKING' } },
      ],
      ['400 invalid', { method: 'GET', url: '/v1/accounts?limit=1000', headers: bearer }],
      ['401 no token', { method: 'GET', url: '/v1/accounts', headers }],
      ['404 route', { method: 'GET', url: '/nowhere', headers }],
      [
        '404 resource',
        { method: 'GET', url: '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ', headers: bearer },
      ],
      [
        '413 too large',
        {
          method: 'POST',
          url: '/v1/accounts',
          headers: { ...bearer, 'content-type': 'application/json' },
          payload: JSON.stringify({ type: 'CHECKING', padding: 'x'.repeat(2048) }),
        },
      ],
      [
        '415 media type',
        {
          method: 'POST',
          url: '/v1/accounts',
          headers: { ...bearer, 'content-type': 'application/xml' },
          payload: '<account/>',
        },
      ],
      [
        '200 token',
        {
          method: 'POST',
          url: '/v1/oauth/client/token',
          headers,
          payload: { clientId: alice.clientId, clientSecret: alice.clientSecret },
        },
      ],
      [
        '401 token',
        {
          method: 'POST',
          url: '/v1/oauth/client/token',
          headers,
          payload: { clientId: alice.clientId, clientSecret: 'wrong' },
        },
      ],
    ];
    return Promise.all(
      requests.map(async ([label, options]): Promise<[string, LightMyRequestResponse]> => {
        const res = await t.app.inject(options);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(Number(label.slice(0, 3)));
        return [label, res];
      }),
    );
  };

  it('puts a generated X-Request-Id on every response, successes and errors alike', async () => {
    const responses = await everyKindOfResponse();
    const ids = new Set<string>();
    for (const [label, res] of responses) {
      const id = res.headers['x-request-id'];
      expect(id, label).toMatch(GENERATED);
      ids.add(String(id));
      if (res.statusCode >= 400)
        expect(res.json<{ requestId: string }>().requestId, label).toBe(id);
    }
    expect(ids.size, 'one id per request').toBe(responses.length);
  });

  it.each(['abc-123', 'trace_01HZX:span.7', 'A'.repeat(128)])(
    'echoes the safe caller id %s on every response and in problem bodies',
    async (callerId) => {
      for (const [label, res] of await everyKindOfResponse(callerId)) {
        expect(res.headers['x-request-id'], label).toBe(callerId);
        if (res.statusCode >= 400)
          expect(res.json<{ requestId: string }>().requestId, label).toBe(callerId);
      }
    },
  );

  it.each([
    ['spaces', 'has spaces in it'],
    ['200 characters', 'a'.repeat(200)],
    ['129 characters', 'a'.repeat(129)],
    ['a quote', 'id"; drop'],
    ['markup', '<script>alert(1)</script>'],
    ['a log-forging newline escape', 'abc\\nlevel=error'],
    ['non-ASCII', 'ação'],
    ['a comma list', 'a,b'],
  ])('replaces an unsafe caller id with %s', async (_what, callerId) => {
    for (const [label, res] of await everyKindOfResponse(callerId)) {
      const id = res.headers['x-request-id'];
      expect(id, label).toMatch(GENERATED);
      expect(res.body, label).not.toContain(callerId);
    }
  });
});
