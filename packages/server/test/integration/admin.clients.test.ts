import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { hashSecret } from '../../src/lib/secrets.js';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Issued {
  customerId: string;
  clientId: string;
  clientSecret: string;
}

// Issue 7 point 10: customers and API clients from the back-office, each action audited in
// its own transaction.
describe.each(ENGINES)('admin customers and clients on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));

  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_CLIENT_CACHE_TTL_MS: '1000' },
  });

  const createCustomer = async (name = 'Acme Ltda') => {
    const res = await asAdmin(t, { method: 'POST', url: '/admin/v1/customers', payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Issued>();
  };
  const tokenStatus = async (c: { clientId: string; clientSecret: string }) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/client/token',
        payload: { clientId: c.clientId, clientSecret: c.clientSecret },
      })
    ).statusCode;

  it('creates a customer whose client can get a token, and audits it without the secret', async () => {
    const before = (await auditRows(t)).length;
    const issued = await asAdmin(
      t,
      { method: 'POST', url: '/admin/v1/customers', payload: { name: 'Acme Ltda' } },
      'ana@ops',
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const body = issued.json<Issued>();
    expect(body.customerId).toMatch(/^cus_/);
    expect(await tokenStatus(body)).toBe(200);

    const rows = await auditRows(t);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({
      actor: 'ana@ops',
      action: 'CUSTOMER_CREATED',
      subject_type: 'CUSTOMER',
      subject_id: body.customerId,
      before: null,
      request_id: issued.headers['x-request-id'],
    });
    expect(row.id).toMatch(/^adm_/);
    expect(row.after).not.toContain(body.clientSecret);
    expect(row.after).not.toContain(hashSecret(body.clientSecret));
    expect(JSON.parse(row.after!)).toMatchObject({
      customer: { id: body.customerId, name: 'Acme Ltda' },
      clients: [{ id: body.clientId, status: 'ACTIVE', secretVersion: 1 }],
    });
  });

  it('looks up a customer and lists its clients, never their secrets', async () => {
    const c = await createCustomer();
    const second = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/customers/${c.customerId}/clients`,
      payload: { name: 'reporting' },
    });
    expect(second.statusCode, second.body).toBe(201);
    const other = second.json<Issued>();
    expect(other.customerId).toBe(c.customerId);
    expect(await tokenStatus(other)).toBe(200);

    const customer = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/customers/${c.customerId}`,
    });
    expect(customer.json()).toMatchObject({ id: c.customerId, name: 'Acme Ltda' });
    const list = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/customers/${c.customerId}/clients`,
    });
    expect(list.statusCode).toBe(200);
    const data = list.json<{ data: { id: string; name: string }[] }>().data;
    expect(data.map((d) => [d.id, d.name])).toEqual([
      [c.clientId, 'Acme Ltda'],
      [other.clientId, 'reporting'],
    ]);
    expect(list.body).not.toMatch(/secret_hash|webhook|clientSecret/i);
  });

  it('creates a client named after its customer when the body names none', async () => {
    const c = await createCustomer('Beta SA');
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/customers/${c.customerId}/clients`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await auditRows(t)).at(-1)!;
    expect(row).toMatchObject({
      action: 'CLIENT_CREATED',
      subject_id: res.json<Issued>().clientId,
    });
    expect(JSON.parse(row.after!)).toMatchObject({ name: 'Beta SA', customerId: c.customerId });
  });

  it('answers 404 for unknown customers and clients, and audits nothing', async () => {
    const before = (await auditRows(t)).length;
    const missing = 'cus_01JD0000000000000000000000';
    for (const res of [
      await asAdmin(t, { method: 'GET', url: `/admin/v1/customers/${missing}` }),
      await asAdmin(t, { method: 'GET', url: `/admin/v1/customers/${missing}/clients` }),
      await asAdmin(t, {
        method: 'POST',
        url: `/admin/v1/customers/${missing}/clients`,
        payload: {},
      }),
      await asAdmin(t, { method: 'POST', url: '/admin/v1/clients/cli_nope/rotateSecret' }),
      await asAdmin(t, { method: 'POST', url: '/admin/v1/clients/cli_nope/disable' }),
    ]) {
      expectProblem(res, 404, 'RESOURCE_NOT_FOUND');
    }
    expect(await auditRows(t)).toHaveLength(before);
  });

  it('validates bodies like every route', async () => {
    const res = await asAdmin(t, {
      method: 'POST',
      url: '/admin/v1/customers',
      payload: { name: '', extra: 1 },
    });
    expectProblem(res, 400, 'INVALID_DATA');
  });

  it('rotates a secret: the old one stops working, webhooks keep the old key for the grace window', async () => {
    const c = await createCustomer();
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${c.clientId}/rotateSecret`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json<{ clientId: string; clientSecret: string; secretVersion: number }>();
    expect(rotated).toMatchObject({ clientId: c.clientId, secretVersion: 2 });
    expect(await tokenStatus(c)).toBe(401);
    expect(await tokenStatus({ clientId: c.clientId, clientSecret: rotated.clientSecret })).toBe(
      200,
    );
    const keys = await t.handle.db
      .selectFrom('api_clients')
      .select(['previous_webhook_key_expires_at'])
      .where('id', '=', c.clientId)
      .executeTakeFirstOrThrow();
    expect(keys.previous_webhook_key_expires_at).toBe(clock.now() + 86_400_000);
    const row = (await auditRows(t)).at(-1)!;
    expect(row).toMatchObject({ action: 'CLIENT_SECRET_ROTATED', subject_id: c.clientId });
    expect(JSON.parse(row.before!)).toMatchObject({ secretVersion: 1 });
    expect(JSON.parse(row.after!)).toMatchObject({ secretVersion: 2 });
    expect(`${row.before}${row.after}`).not.toContain(rotated.clientSecret);
  });

  it('disables a client: token requests fail invalid_client, its tokens die within the cache TTL', async () => {
    const c = await createCustomer();
    const token = await t.token(c);
    expect((await t.as(token, { method: 'GET', url: '/v1/accounts' })).statusCode).toBe(200);

    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${c.clientId}/disable`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.clientId, status: 'DISABLED' });

    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: c.clientId, clientSecret: c.clientSecret },
    });
    expect(tokenRes.statusCode).toBe(401);
    expect(tokenRes.json()).toMatchObject({ error: 'invalid_client' });
    clock.advance(1_000); // COFRE_CLIENT_CACHE_TTL_MS
    expectProblem(
      await t.as(token, { method: 'GET', url: '/v1/accounts' }),
      401,
      'INVALID_ACCESS_TOKEN',
    );

    // Disabling twice is refused (409) and audits nothing.
    const rows = (await auditRows(t)).length;
    expectProblem(
      await asAdmin(t, { method: 'POST', url: `/admin/v1/clients/${c.clientId}/disable` }),
      409,
      'INVALID_STATE',
    );
    expect(await auditRows(t)).toHaveLength(rows);

    const enabled = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${c.clientId}/enable`,
    });
    expect(enabled.json()).toMatchObject({ status: 'ACTIVE' });
    expect(await tokenStatus(c)).toBe(200);
    const last = (await auditRows(t)).slice(-2).map((r) => r.action);
    expect(last).toEqual(['CLIENT_DISABLED', 'CLIENT_ENABLED']);
  });
});
