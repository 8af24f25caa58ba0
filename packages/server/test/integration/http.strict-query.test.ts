import Fastify, { type InjectOptions } from 'fastify';
import { registerStrictQuery } from '../../src/plugins/validation.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  documentedOperations,
  fillPath,
  sampleOf,
  type ApiOperation,
} from '../helpers/openapi-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('unknown query parameters on %s', (engine) => {
  let token: string;
  let operations: ApiOperation[];

  const t = useTestApp(engine);

  beforeAll(async () => {
    ({ token } = await t.customer('Strict query'));
    operations = await documentedOperations(t.app);
  });

  /** A request the route's schemas accept (path values of the right length, a valid body). */
  function validRequest(op: ApiOperation, query: string): InjectOptions {
    const values = Object.fromEntries(op.pathParams.map((p) => [p.name, 'zz_unknown']));
    const json = op.bodies['application/json'];
    return {
      method: op.method,
      url: `${fillPath(op.path, values)}${query}`,
      headers: op.secured ? { authorization: `Bearer ${token}` } : {},
      ...(json ? { payload: sampleOf(json) as object } : {}),
    };
  }

  it('documents the routes this test walks', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toContain(
      'GET /v1/accounts/{accountId}',
    );
  });

  it('refuses an unknown query parameter with 400 on every documented route', async () => {
    for (const op of operations) {
      const res = await t.app.inject(validRequest(op, '?notAParameter=1'));
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(problem.errors, `${op.method} ${op.path}`).toEqual([
        {
          pointer: '/notAParameter',
          in: 'query',
          code: 'UNKNOWN_FIELD',
          detail: 'notAParameter is not a known field.',
        },
      ]);
    }
  });

  it('refuses credentials in the query string, also on routes that declare no parameters', async () => {
    for (const name of ['access_token', 'client_secret']) {
      const res = await t.as(token, {
        method: 'GET',
        url: `/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ?${name}=leaked`,
      });
      expectProblem(res, 400, 'INVALID_DATA');
    }
  });

  it('still answers the undocumented operational routes without parameters', async () => {
    for (const url of ['/healthz', '/readyz', '/openapi.json', '/.well-known/jwks.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expectProblem(await t.app.inject({ method: 'GET', url: `${url}?x=1` }), 400, 'INVALID_DATA');
    }
  });
});

describe('the strict query string rule', () => {
  it('refuses at startup a route whose query string lets unknown parameters through', async () => {
    const app = Fastify();
    registerStrictQuery(app);
    expect(() =>
      app.get(
        '/loose',
        { schema: { querystring: { type: 'object', properties: { q: { type: 'string' } } } } },
        async () => ({}),
      ),
    ).toThrow(/GET \/loose: its querystring schema must set additionalProperties: false/);
    await app.close();
  });
});
