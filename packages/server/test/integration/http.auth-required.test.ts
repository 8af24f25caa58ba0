import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/** The only /v1 operations reachable without a token: the token endpoint (spec section 4) and
 *  the public event catalog (BRIEF "Events"). Anything else public is a bug. */
const PUBLIC_V1 = new Set([
  'POST /v1/oauth/client/token',
  'GET /v1/events/types',
  'HEAD /v1/events/types',
]);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Operation {
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
}

/** Every /v1 operation the OpenAPI document lists, so routes added later are covered too. */
async function v1Operations(t: TestApp, prefix = '/v1/'): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const method of METHODS) {
      if (item[method] !== undefined)
        operations.push({ method: method.toUpperCase() as Operation['method'], path });
    }
  }
  return operations;
}

/** A concrete URL for a templated path: every `{param}` becomes a well-formed but unknown id. */
const concrete = (path: string) => path.replaceAll(/\{[^}]+\}/g, 'zzz_01ZZZZZZZZZZZZZZZZZZZZZZZZ');

describe.each(ENGINES)('authentication on every /v1 route on %s', (engine) => {
  let protectedOps: Operation[];

  const t = useTestApp(engine);

  beforeAll(async () => {
    protectedOps = (await v1Operations(t)).filter(
      (op) => !PUBLIC_V1.has(`${op.method} ${op.path}`),
    );
  });

  const send = (op: Operation, headers: Record<string, string>) => {
    const options: InjectOptions = { method: op.method, url: concrete(op.path), headers };
    // A body that would pass parsing, so the answer can only come from the auth check.
    if (op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') options.payload = {};
    return t.app.inject(options);
  };

  it('finds the protected routes in the OpenAPI document', () => {
    const listed = protectedOps.map((op) => `${op.method} ${op.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /v1/accounts',
        'GET /v1/accounts',
        'GET /v1/accounts/{accountId}',
      ]),
    );
  });

  it('answers every protected operation without Authorization with 401 INVALID_ACCESS_TOKEN', async () => {
    for (const op of protectedOps) {
      const res = await send(op, {});
      expectProblem(res, 401, 'INVALID_ACCESS_TOKEN');
      expect(res.headers['www-authenticate'], `${op.method} ${op.path}`).toMatch(/^Bearer\b/);
    }
  });

  it('answers the HEAD twin of every protected GET without Authorization with 401', async () => {
    const gets = protectedOps.filter((op) => op.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const op of gets) {
      const res = await t.app.inject({ method: 'HEAD', url: concrete(op.path) });
      expect(res.statusCode, `HEAD ${op.path}`).toBe(401);
      expect(res.headers['www-authenticate'], `HEAD ${op.path}`).toMatch(/^Bearer\b/);
    }
  });

  it.each([
    ['a non-Bearer scheme', 'Basic Y2xpOnNlY3JldA=='],
    ['an empty Bearer', 'Bearer '],
    ['a garbage token', 'Bearer not-a-jwt'],
    [
      'an unsigned JWT',
      `Bearer ${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${Buffer.from('{"sub":"cus_x"}').toString('base64url')}.`,
    ],
  ])(
    'answers every protected operation with %s with 401 INVALID_ACCESS_TOKEN',
    async (_what, authorization) => {
      for (const op of protectedOps) {
        const res = await send(op, { authorization });
        expectProblem(res, 401, 'INVALID_ACCESS_TOKEN');
        expect(res.headers['www-authenticate'], `${op.method} ${op.path}`).toMatch(/^Bearer\b/);
      }
    },
  );

  it('lets the token endpoint through without Authorization', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: 'cli_01ZZZZZZZZZZZZZZZZZZZZZZZZ', clientSecret: 'wrong' },
    });
    // Rejected for its credentials, not for a missing bearer token.
    expectProblem(res, 401, 'INVALID_CLIENT');
  });
});

// Issue 7 point 10: every back-office route, as /openapi.json lists them when the admin API is
// enabled, refuses a request without the admin token — or with anything else in its place.
describe.each(ENGINES)('authentication on every /admin/v1 route on %s', (engine) => {
  let adminOps: Operation[];

  const t = useTestApp(engine, { env: ADMIN_ENV });

  beforeAll(async () => {
    adminOps = await v1Operations(t, '/admin/v1/');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong admin token', `Bearer ${ADMIN_TOKEN.slice(0, -1)}x`],
    ['a customer token', 'customer'],
  ])('answers every admin operation with %s with 401 ADMIN_UNAUTHORIZED', async (_, auth) => {
    expect(adminOps.length).toBeGreaterThanOrEqual(15);
    const authorization = auth === 'customer' ? `Bearer ${(await t.customer()).token}` : auth;
    const before = await t.handle.db.selectFrom('admin_actions').select('id').execute();
    for (const op of adminOps) {
      const options: InjectOptions = {
        method: op.method,
        url: concrete(op.path),
        headers: authorization === undefined ? {} : { authorization },
      };
      if (op.method === 'POST') options.payload = {};
      const res = await t.app.inject(options);
      expectProblem(res, 401, 'ADMIN_UNAUTHORIZED');
      expect(res.headers['www-authenticate'], `${op.method} ${op.path}`).toMatch(/^Bearer\b/);
    }
    expect(await t.handle.db.selectFrom('admin_actions').select('id').execute()).toEqual(before);
  });
});
