import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  createSubscription,
  type Customer,
  expectLogsHiddenFrom,
  type PageBody,
  patchSubscription,
  type SubscriptionBody,
} from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const HOOK_URL = 'http://127.0.0.1:8999/hooks';

describe.each(ENGINES)('reading, updating and deleting subscriptions on %s', (engine) => {
  let alice: Customer;
  let bob: Customer;

  const t = useTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });

  beforeAll(async () => {
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
  });

  const list = async (customer: Customer, query = '') =>
    (await t.as(customer.token, { method: 'GET', url: `/v1/subscriptions?${query}` })).json<
      PageBody<SubscriptionBody>
    >();
  const get = (customer: Customer, id: string) =>
    t.as(customer.token, { method: 'GET', url: `/v1/subscriptions/${id}` });
  const remove = (customer: Customer, id: string) =>
    t.as(customer.token, { method: 'DELETE', url: `/v1/subscriptions/${id}` });
  const make = (customer: Customer, extra: Record<string, unknown> = {}) =>
    createSubscription(t, customer.token, { url: HOOK_URL, includeAll: true, ...extra });

  it('lists the caller’s subscriptions newest first, one page at a time', async () => {
    const carol = await t.customer('Carol');
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await make(carol, { url: `${HOOK_URL}/${i}` })).id);
    await make(bob);

    const all = await list(carol);
    expect(all.data.map((s) => s.id)).toEqual([...created].reverse());
    expect(all.meta).toEqual({ total: 5, previousCursor: null, nextCursor: null });

    const first = await list(carol, 'limit=2');
    expect(first.data.map((s) => s.id)).toEqual([created[4], created[3]]);
    expect(first.meta.previousCursor).toBeNull();
    const second = await list(carol, `limit=2&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((s) => s.id)).toEqual([created[2], created[1]]);
    const third = await list(carol, `limit=2&cursor=${second.meta.nextCursor}`);
    expect(third.data.map((s) => s.id)).toEqual([created[0]]);
    expect(third.meta.nextCursor).toBeNull();
    const back = await list(carol, `limit=2&cursor=${third.meta.previousCursor}`);
    expect(back.data).toEqual(second.data);

    const ascending = await list(carol, 'sortOrder=ASCENDING');
    expect(ascending.data.map((s) => s.id)).toEqual(created);
  });

  it('filters the list by status', async () => {
    const carol = await t.customer('Carol');
    const a = await make(carol);
    const b = await make(carol);
    const c = await make(carol);
    expect((await patchSubscription(t, carol.token, b.id, { status: 'PAUSED' })).statusCode).toBe(
      200,
    );
    expect((await list(carol, 'status=PAUSED')).data.map((s) => s.id)).toEqual([b.id]);
    expect((await list(carol, 'status=ACTIVE')).data.map((s) => s.id)).toEqual([c.id, a.id]);
    expectProblem(
      await t.as(carol.token, { method: 'GET', url: '/v1/subscriptions?status=DELETED' }),
      400,
      'INVALID_DATA',
    );
  });

  it('refuses a cursor of the status-filtered list on the unfiltered list', async () => {
    const carol = await t.customer('Carol');
    for (let i = 0; i < 3; i++) await make(carol);
    const page = await list(carol, 'status=ACTIVE&limit=1');
    expectProblem(
      await t.as(carol.token, {
        method: 'GET',
        url: `/v1/subscriptions?limit=1&cursor=${page.meta.nextCursor}`,
      }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('gets one subscription as it was created', async () => {
    const sub = await make(alice, { allowRetry: true });
    const res = await get(alice, sub.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sub);
  });

  it('answers 404 for another customer’s subscription on GET, PATCH and DELETE, and leaves it alone', async () => {
    const sub = await make(alice);
    expectProblem(await get(bob, sub.id), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await patchSubscription(t, bob.token, sub.id, { status: 'PAUSED' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(await remove(bob, sub.id), 404, 'RESOURCE_NOT_FOUND');
    expect((await get(alice, sub.id)).json()).toEqual(sub);
    expect((await list(bob, 'limit=100')).data.map((s) => s.id)).not.toContain(sub.id);
  });

  it('answers 404 for another customer’s subscription on its execution logs and recover', async () => {
    const sub = await make(alice);
    const logId = 'log_01JAAAAAAAAAAAAAAAAAAAAAAA';
    await expectLogsHiddenFrom(t, bob.token, sub.id, logId);
  });

  it('answers 404 for unknown, malformed and wrong-kind ids', async () => {
    for (const id of [
      'sub_01JAAAAAAAAAAAAAAAAAAAAAAA',
      'not-an-id',
      'sub_',
      'acc_01JAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expectProblem(await get(alice, id), 404, 'RESOURCE_NOT_FOUND');
      expectProblem(
        await patchSubscription(t, alice.token, id, { allowRetry: true }),
        404,
        'RESOURCE_NOT_FOUND',
      );
      expectProblem(await remove(alice, id), 404, 'RESOURCE_NOT_FOUND');
      expectProblem(
        await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${id}/executionLogs` }),
        404,
        'RESOURCE_NOT_FOUND',
      );
    }
  });

  it('patches any single field and keeps the others', async () => {
    const sub = await make(alice);
    const retry = await patchSubscription(t, alice.token, sub.id, { allowRetry: true });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({
      ...sub,
      allowRetry: true,
      updatedAt: expect.any(String) as string,
    });
    expect(Date.parse(retry.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(sub.updatedAt));

    const moved = await patchSubscription(t, alice.token, sub.id, { url: `${HOOK_URL}/v2` });
    expect(moved.json()).toMatchObject({
      url: `${HOOK_URL}/v2`,
      allowRetry: true,
      includeAll: true,
    });

    const narrowed = await patchSubscription(t, alice.token, sub.id, {
      includeAll: false,
      resources: [{ name: 'OPERATION', events: ['OPERATION_FAILED'] }],
    });
    expect(narrowed.json()).toMatchObject({
      url: `${HOOK_URL}/v2`,
      allowRetry: true,
      includeAll: false,
      resources: [{ name: 'OPERATION', includeAll: false, events: ['OPERATION_FAILED'] }],
    });
    expect((await get(alice, sub.id)).json()).toEqual(narrowed.json());
  });

  it('replaces the whole resource selection when resources is patched', async () => {
    const sub = await make(alice, {
      includeAll: false,
      resources: [
        { name: 'ACCOUNT', includeAll: true },
        { name: 'BENEFICIARY', events: ['BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'] },
      ],
    });
    const res = await patchSubscription(t, alice.token, sub.id, {
      resources: [{ name: 'OPERATION', includeAll: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resources).toEqual([{ name: 'OPERATION', includeAll: true, events: [] }]);
    expect((await get(alice, sub.id)).json().resources).toEqual(res.json().resources);
  });

  it('refuses a patch that would leave nothing selected, and changes nothing', async () => {
    const sub = await make(alice);
    const problem = expectProblem(
      await patchSubscription(t, alice.token, sub.id, { includeAll: false, allowRetry: true }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/resources', code: 'REQUIRED' }),
    ]);
    const bad = expectProblem(
      await patchSubscription(t, alice.token, sub.id, {
        includeAll: false,
        resources: [{ name: 'ACCOUNT', events: ['OPERATION_FAILED'] }],
      }),
      400,
      'INVALID_DATA',
    );
    expect(bad.errors?.[0]).toMatchObject({
      pointer: '/resources/0/events/0',
      code: 'UNKNOWN_EVENT_TYPE',
    });
    expect((await get(alice, sub.id)).json()).toEqual(sub);
  });

  it('refuses an empty patch, unknown fields and unknown statuses', async () => {
    const sub = await make(alice);
    for (const payload of [{}, { name: 'x' }, { status: 'DELETED' }, { url: '' }]) {
      expectProblem(await patchSubscription(t, alice.token, sub.id, payload), 400, 'INVALID_DATA');
    }
    const unknown = expectProblem(
      await patchSubscription(t, alice.token, sub.id, { id: 'sub_x' }),
      400,
      'INVALID_DATA',
    );
    expect(unknown.errors?.[0]).toMatchObject({ pointer: '/id', code: 'UNKNOWN_FIELD' });
    expect((await get(alice, sub.id)).json()).toEqual(sub);
  });

  it('pauses and resumes through status', async () => {
    const sub = await make(alice);
    const paused = await patchSubscription(t, alice.token, sub.id, { status: 'PAUSED' });
    expect(paused.json().status).toBe('PAUSED');
    expect((await get(alice, sub.id)).json().status).toBe('PAUSED');
    const again = await patchSubscription(t, alice.token, sub.id, { status: 'PAUSED' });
    expect(again.statusCode).toBe(200);
    const resumed = await patchSubscription(t, alice.token, sub.id, { status: 'ACTIVE' });
    expect(resumed.json().status).toBe('ACTIVE');
    expect((await get(alice, sub.id)).json().status).toBe('ACTIVE');
  });

  it('deletes with 204 and an empty body, after which the subscription is gone everywhere', async () => {
    const sub = await make(alice);
    const res = await remove(alice, sub.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await get(alice, sub.id), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await patchSubscription(t, alice.token, sub.id, { status: 'ACTIVE' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(await remove(alice, sub.id), 404, 'RESOURCE_NOT_FOUND');
    expect((await list(alice, 'limit=100')).data.map((s) => s.id)).not.toContain(sub.id);
  });
});
