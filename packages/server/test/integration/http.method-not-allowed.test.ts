import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('a known path asked with another method on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  it.each([
    ['PUT', '/v1/accounts', 'GET, HEAD, POST'],
    ['DELETE', '/v1/accounts', 'GET, HEAD, POST'],
    ['POST', '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ', 'GET, HEAD, PATCH'],
    ['GET', '/v1/oauth/client/token', 'POST'],
    ['OPTIONS', '/v1/subscriptions/sub_01ZZZZZZZZZZZZZZZZZZZZZZZZ', 'GET, HEAD, PATCH, DELETE'],
  ] as const)(
    'answers %s %s with 405 METHOD_NOT_ALLOWED and Allow: %s',
    async (method, url, allow) => {
      const res = await t.as(token, { method, url });
      const problem = expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe(allow);
      expect(problem.detail).toContain(allow);
    },
  );

  it('answers HEAD like GET where GET exists, and 405 without a body where it does not', async () => {
    expect((await t.as(token, { method: 'HEAD', url: '/v1/accounts' })).statusCode).toBe(200);
    const res = await t.as(token, { method: 'HEAD', url: '/v1/oauth/client/token' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toBe('');
  });

  it('still answers 404 ROUTE_NOT_FOUND for a path no method has', async () => {
    const res = await t.as(token, { method: 'PUT', url: '/v1/nope' });
    expectProblem(res, 404, 'ROUTE_NOT_FOUND');
    expect(res.headers.allow).toBeUndefined();
  });
});
