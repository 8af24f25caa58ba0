import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import type { Customer } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('Idempotency-Key on POST /v1/accounts on %s', (engine) => {
  const t = useTestApp(engine);

  const open = (
    customer: Customer,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => t.as(customer.token, { method: 'POST', url: '/v1/accounts', payload, headers });

  const accountIdsOf = async (customer: Customer) =>
    (await t.as(customer.token, { method: 'GET', url: '/v1/accounts?limit=100' }))
      .json<{ data: { id: string }[] }>()
      .data.map((a) => a.id);

  const createdEventsOf = async (customer: Customer) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select('resource_id')
        .where('customer_id', '=', customer.customerId)
        .where('type', '=', 'ACCOUNT_CREATED')
        .execute()
    ).map((e) => e.resource_id);

  it('opens one account for the same key twice and replays the first answer, marked Idempotent-Replayed', async () => {
    const alice = await t.customer('Alice');
    const body = { type: 'CHECKING', assets: ['BRL', 'USDT'] };
    const first = await open(alice, body, { 'idempotency-key': 'open-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await open(alice, body, { 'idempotency-key': 'open-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(second.headers.location).toBe(first.headers.location);
    expect(await accountIdsOf(alice)).toEqual([first.json().id]);
    expect(await createdEventsOf(alice)).toEqual([first.json().id]);
  });

  it('accepts the key as X-Idempotency-Key too, as the same key', async () => {
    const alice = await t.customer('Alice');
    const body = { type: 'SAVING' };
    const first = await open(alice, body, { 'x-idempotency-key': 'legacy' });
    const again = await open(alice, body, { 'idempotency-key': 'legacy' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await accountIdsOf(alice)).toEqual([first.json().id]);
  });

  it('refuses the same key with a different body with 422 IDEMPOTENCY_CONFLICT', async () => {
    const alice = await t.customer('Alice');
    const first = await open(alice, { type: 'CHECKING' }, { 'idempotency-key': 'k' });
    expect(first.statusCode).toBe(201);
    expectProblem(
      await open(alice, { type: 'SAVING' }, { 'idempotency-key': 'k' }),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await accountIdsOf(alice)).toEqual([first.json().id]);
  });

  it('scopes keys to the customer: another customer with the same key opens its own', async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const a = await open(alice, { type: 'CHECKING' }, { 'idempotency-key': 'shared' });
    const b = await open(bob, { type: 'CHECKING' }, { 'idempotency-key': 'shared' });
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
  });

  it('opens exactly one account from concurrent duplicates', async () => {
    const alice = await t.customer('Alice');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        open(alice, { type: 'CHECKING' }, { 'idempotency-key': 'burst' }),
      ),
    );
    for (const res of answers) {
      expect([201, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    expect(await accountIdsOf(alice)).toEqual([created[0]!.json().id]);
    expect(await createdEventsOf(alice)).toEqual([created[0]!.json().id]);
  });

  it('opens a new account for each request without a key', async () => {
    const alice = await t.customer('Alice');
    await open(alice, { type: 'CHECKING' });
    await open(alice, { type: 'CHECKING' });
    expect(await accountIdsOf(alice)).toHaveLength(2);
  });

  it('refuses a malformed key before opening anything', async () => {
    const alice = await t.customer('Alice');
    const problem = expectProblem(
      await open(alice, { type: 'CHECKING' }, { 'idempotency-key': 'k'.repeat(256) }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors?.[0]).toMatchObject({ pointer: '/Idempotency-Key', in: 'header' });
    expect(await accountIdsOf(alice)).toEqual([]);
  });
});
