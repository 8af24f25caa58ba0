import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Issued {
  customerId: string;
  clientId: string;
  clientSecret: string;
}

const WORKER = { accounts: 'write', operations: 'write', beneficiaries: 'read' };

// Issue 27 point 1: the back-office binds a client to accounts of its customer, and refuses a
// binding to anything else or with permissions that span every account.
describe.each(ENGINES)('admin clients bound to accounts on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_CLIENT_CACHE_TTL_MS: '1000' },
  });

  const customer = async () => {
    const res = await asAdmin(t, {
      method: 'POST',
      url: '/admin/v1/customers',
      payload: { name: 'Acme Ltda' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const issued = res.json<Issued>();
    const token = await t.token(issued);
    const open = async () => {
      const account = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING' },
      });
      expect(account.statusCode, account.body).toBe(201);
      return account.json<{ id: string }>().id;
    };
    return { ...issued, token, open };
  };
  const createClient = (customerId: string, payload: Record<string, unknown>) =>
    asAdmin(t, { method: 'POST', url: `/admin/v1/customers/${customerId}/clients`, payload });
  const patchClient = (clientId: string, payload: Record<string, unknown>) =>
    asAdmin(t, { method: 'PATCH', url: `/admin/v1/clients/${clientId}`, payload });

  it('creates a client bound to accounts of its customer, shows them, and unbinds it with null', async () => {
    const c = await customer();
    const [a, b] = [await c.open(), await c.open()];
    const created = await createClient(c.customerId, {
      permissions: WORKER,
      accountIds: [a, b],
      rateLimit: 120,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { clientId } = created.json<Issued>();
    const shown = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/customers/${c.customerId}/clients`,
    });
    const view = shown.json<{ data: { id: string }[] }>().data.find((x) => x.id === clientId);
    // rateLimit given at creation is kept (it was dropped before the client's insert named it).
    expect(view).toMatchObject({ accountIds: [a, b], rateLimit: 120 });

    const unbound = await patchClient(clientId, { accountIds: null });
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json()).toMatchObject({ accountIds: null });
    const rebound = await patchClient(clientId, { accountIds: [b] });
    expect(rebound.json()).toMatchObject({ accountIds: [b] });
  });

  it("refuses another customer's account and an unknown id, naming each by its pointer", async () => {
    const c = await customer();
    const other = await customer();
    const mine = await c.open();
    const theirs = await other.open();
    const res = await createClient(c.customerId, {
      permissions: WORKER,
      accountIds: [mine, theirs, 'acc_nope'],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_DATA',
      errors: [
        { pointer: '/accountIds/1', code: 'INVALID_VALUE' },
        { pointer: '/accountIds/2', code: 'INVALID_VALUE' },
      ],
    });
    expect(res.json<{ errors: unknown[] }>().errors).toHaveLength(2);
  });

  it('refuses a bound client events, subscriptions or beneficiary writes, at creation and by PATCH', async () => {
    const c = await customer();
    const account = await c.open();
    // Without permissions a client has full access, which spans every account.
    const full = await createClient(c.customerId, { accountIds: [account] });
    expect(full.statusCode, full.body).toBe(400);
    expect(full.json<{ errors: { pointer: string }[] }>().errors.map((e) => e.pointer)).toEqual([
      '/accountIds',
      '/accountIds',
      '/accountIds',
    ]);
    const wide = await createClient(c.customerId, {
      permissions: { ...WORKER, events: 'read', beneficiaries: 'write' },
      accountIds: [account],
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ errors: { pointer: string }[] }>().errors.map((e) => e.pointer)).toEqual([
      '/permissions/beneficiaries',
      '/permissions/events',
    ]);

    const bound = await createClient(c.customerId, { permissions: WORKER, accountIds: [account] });
    const { clientId } = bound.json<Issued>();
    const widen = await patchClient(clientId, { permissions: { subscriptions: 'read' } });
    expect(widen.statusCode).toBe(400);
    expect(widen.json()).toMatchObject({ errors: [{ pointer: '/permissions/subscriptions' }] });
    const lift = await patchClient(clientId, { permissions: null });
    expect(lift.statusCode).toBe(400);
    // An unbound client with full access cannot be bound without narrowing it in the same PATCH.
    const plain = await createClient(c.customerId, {});
    const bind = await patchClient(plain.json<Issued>().clientId, { accountIds: [account] });
    expect(bind.statusCode).toBe(400);
    const both = await patchClient(plain.json<Issued>().clientId, {
      accountIds: [account],
      permissions: WORKER,
    });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('refuses more than 100 accounts and repeats by the schema', async () => {
    const c = await customer();
    const account = await c.open();
    const many = await createClient(c.customerId, {
      permissions: WORKER,
      accountIds: Array.from({ length: 101 }, (_, i) => `acc_${i}`),
    });
    expect(many.statusCode).toBe(400);
    const twice = await createClient(c.customerId, {
      permissions: WORKER,
      accountIds: [account, account],
    });
    expect(twice.statusCode).toBe(400);
  });

  it("narrows a token already issued when its client is bound, within the cache's TTL", async () => {
    const c = await customer();
    const [a, b] = [await c.open(), await c.open()];
    const created = await createClient(c.customerId, { permissions: WORKER });
    const token = await t.token(created.json<Issued>());
    expect((await t.as(token, { method: 'GET', url: `/v1/accounts/${b}` })).statusCode).toBe(200);
    await patchClient(created.json<Issued>().clientId, { accountIds: [a] });
    clock.advance(1_001);
    expect((await t.as(token, { method: 'GET', url: `/v1/accounts/${b}` })).statusCode).toBe(404);
    const list = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    expect(list.json<{ data: { id: string }[] }>().data.map((x) => x.id)).toEqual([a]);
  });
});
