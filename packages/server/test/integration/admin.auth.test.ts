import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN, asAdmin } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

// Issue 7 point 10: the back-office exists only with COFRE_ADMIN_TOKEN, and only that token
// opens it.
describe.each(ENGINES)('admin API authentication on %s', (engine) => {
  let withAdmin: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withAdmin = await createTestApp(engine, { env: ADMIN_ENV });
    without = await createTestApp(engine, { database: withAdmin.database });
  });
  afterAll(async () => {
    await without.close();
    await withAdmin.close();
  });

  it('has no admin routes without COFRE_ADMIN_TOKEN (404 ROUTE_NOT_FOUND)', async () => {
    const get = await without.app.inject({
      method: 'GET',
      url: '/admin/v1/auditLog',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expectProblem(get, 404, 'ROUTE_NOT_FOUND');
    const post = await without.app.inject({
      method: 'POST',
      url: '/admin/v1/customers',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'x' },
    });
    expectProblem(post, 404, 'ROUTE_NOT_FOUND');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${ADMIN_TOKEN}x`],
    ['a prefix of the token', `Bearer ${ADMIN_TOKEN.slice(0, 32)}`],
    ['another scheme', `Basic ${ADMIN_TOKEN}`],
  ])('answers 401 ADMIN_UNAUTHORIZED for %s', async (_, authorization) => {
    const res = await withAdmin.app.inject({
      method: 'GET',
      url: '/admin/v1/auditLog',
      headers: authorization === undefined ? {} : { authorization },
    });
    expectProblem(res, 401, 'ADMIN_UNAUTHORIZED');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('never accepts a customer access token', async () => {
    const customer = await withAdmin.customer();
    const res = await withAdmin.as(customer.token, { method: 'GET', url: '/admin/v1/auditLog' });
    expectProblem(res, 401, 'ADMIN_UNAUTHORIZED');
    // Nor does it act: the request is refused before any route runs.
    const create = await withAdmin.as(customer.token, {
      method: 'POST',
      url: '/admin/v1/customers',
      payload: { name: 'Mallory' },
    });
    expectProblem(create, 401, 'ADMIN_UNAUTHORIZED');
    const count = await withAdmin.handle.db
      .selectFrom('admin_actions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('never accepts the admin token on /v1', async () => {
    const res = await withAdmin.as(ADMIN_TOKEN, { method: 'GET', url: '/v1/accounts' });
    expectProblem(res, 401, 'INVALID_ACCESS_TOKEN');
  });

  it('refuses an X-Admin-Actor that is not printable ASCII', async () => {
    const res = await asAdmin(withAdmin, { method: 'GET', url: '/admin/v1/auditLog' }, ' x');
    expectProblem(res, 400, 'INVALID_DATA');
  });

  it('applies strict query schemas (unknown parameters are 400)', async () => {
    const res = await asAdmin(withAdmin, { method: 'GET', url: '/admin/v1/auditLog?foo=1' });
    expectProblem(res, 400, 'INVALID_DATA');
  });

  it('documents the admin routes in /openapi.json only when the admin API exists', async () => {
    const adminPaths = async (t: TestApp) => {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      return Object.keys(res.json<{ paths: Record<string, unknown> }>().paths).filter((p) =>
        p.startsWith('/admin'),
      );
    };
    expect(await adminPaths(without)).toEqual([]);
    expect(await adminPaths(withAdmin)).toContain('/admin/v1/auditLog');
  });
});
