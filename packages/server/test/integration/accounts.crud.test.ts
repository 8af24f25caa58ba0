import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('accounts on %s', (engine) => {
  let alice: Awaited<ReturnType<TestApp['customer']>>;
  let bob: Awaited<ReturnType<TestApp['customer']>>;

  const t = useTestApp(engine);

  beforeAll(async () => {
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
  });

  const open = (token: string, payload: unknown) =>
    t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: payload as Record<string, unknown>,
    });

  it('opens an account with BRL by default, OPENING with its asset ONBOARDING', async () => {
    const res = await open(alice.token, { type: 'CHECKING' });
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      type: 'CHECKING',
      status: 'OPENING',
      assets: [{ asset: 'BRL', status: 'ONBOARDING' }],
    });
    expect(account.id).toMatch(/^acc_[0-9A-Z]{26}$/);
    expect(account.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.headers.location).toBe(`/v1/accounts/${account.id}`);
  });

  it('keeps the requested assets in the order given', async () => {
    const res = await open(alice.token, { type: 'SAVING', assets: ['USDT', 'BRL', 'BTC'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().assets.map((a: { asset: string }) => a.asset)).toEqual([
      'USDT',
      'BRL',
      'BTC',
    ]);
  });

  it('rejects bad input with one error per field and creates nothing', async () => {
    const before = await t.as(alice.token, { method: 'GET', url: '/v1/accounts?limit=100' });
    const res = await open(alice.token, {
      type: 'CURRENT',
      assets: ['BRL', 'BRL', 'DOGE'],
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem.code).toBe('INVALID_DATA');
    const pointers = problem.errors.map(
      (e: { pointer: string; code: string }) => `${e.pointer}:${e.code}`,
    );
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/type:INVALID_ENUM',
        '/extra:UNKNOWN_FIELD',
        '/assets/2:INVALID_ENUM',
      ]),
    );
    const after = await t.as(alice.token, { method: 'GET', url: '/v1/accounts?limit=100' });
    expect(after.json().meta.total).toBe(before.json().meta.total);
  });

  it('rejects an empty or oversized asset list and a non-object body', async () => {
    for (const payload of [
      { type: 'CHECKING', assets: [] },
      { type: 'CHECKING', assets: 'BRL' },
      ['CHECKING'],
    ]) {
      const res = await open(alice.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('INVALID_DATA');
    }
  });

  it('gets an own account and answers 404 for another customer’s, an unknown or a malformed id', async () => {
    const created = (await open(alice.token, { type: 'CHECKING' })).json();
    const own = await t.as(alice.token, { method: 'GET', url: `/v1/accounts/${created.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(created);

    for (const [token, id] of [
      [bob.token, created.id],
      [alice.token, 'acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ'],
      [alice.token, 'not-an-id'],
    ] as const) {
      const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('lists only the caller’s accounts and filters by type and status', async () => {
    const carol = await t.customer('Carol');
    await open(carol.token, { type: 'CHECKING' });
    await open(carol.token, { type: 'SAVING' });
    await open(carol.token, { type: 'SAVING' });
    await open(bob.token, { type: 'SAVING' });

    const all = (await t.as(carol.token, { method: 'GET', url: '/v1/accounts' })).json();
    expect(all.meta.total).toBe(3);
    const saving = (
      await t.as(carol.token, { method: 'GET', url: '/v1/accounts?type=SAVING' })
    ).json();
    expect(saving.data.map((a: { type: string }) => a.type)).toEqual(['SAVING', 'SAVING']);
    const active = (
      await t.as(carol.token, { method: 'GET', url: '/v1/accounts?status=ACTIVE' })
    ).json();
    expect(active.data).toEqual([]);
    const opening = (
      await t.as(carol.token, { method: 'GET', url: '/v1/accounts?status=OPENING&type=CHECKING' })
    ).json();
    expect(opening.meta.total).toBe(1);

    const bad = await t.as(carol.token, {
      method: 'GET',
      url: '/v1/accounts?type=GOLD&colour=red',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { pointer: string; in: string }) => `${e.in}:${e.pointer}`)
        .sort(),
    ).toEqual(['query:/colour', 'query:/type']);
  });
});
