import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  createSubscription,
  postSubscription,
  type Customer,
  type SubscriptionBody,
} from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const HOOK_URL = 'http://127.0.0.1:8999/hooks';
const LIMIT = 3;

describe.each(ENGINES)('Idempotency-Key on POST /v1/subscriptions on %s', (engine) => {
  const t = useTestApp(engine, {
    env: {
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER: String(LIMIT),
    },
  });

  const idsOf = async (customer: Customer) =>
    (await t.as(customer.token, { method: 'GET', url: '/v1/subscriptions?limit=100' }))
      .json<{ data: SubscriptionBody[] }>()
      .data.map((s) => s.id);

  it('answers a repeat with the original status and body, marked Idempotent-Replayed, and creates one subscription', async () => {
    const alice = await t.customer('Alice');
    const body = { url: HOOK_URL, resources: [{ name: 'ACCOUNT', includeAll: true }] };
    const first = await postSubscription(t, alice.token, body, { 'idempotency-key': 'create-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await postSubscription(t, alice.token, body, { 'idempotency-key': 'create-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(second.headers.location).toBe(first.headers.location);
    expect(await idsOf(alice)).toEqual([first.json().id]);
  });

  it('treats a body with the same members in another order as the same request', async () => {
    const alice = await t.customer('Alice');
    const first = await postSubscription(
      t,
      alice.token,
      { url: HOOK_URL, includeAll: true, allowRetry: true },
      { 'idempotency-key': 'order' },
    );
    const second = await postSubscription(
      t,
      alice.token,
      { allowRetry: true, includeAll: true, url: HOOK_URL },
      { 'idempotency-key': 'order' },
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
  });

  it('refuses the same key with a different body with 422 IDEMPOTENCY_CONFLICT', async () => {
    const alice = await t.customer('Alice');
    const first = await postSubscription(
      t,
      alice.token,
      { url: HOOK_URL, includeAll: true },
      { 'idempotency-key': 'k' },
    );
    expect(first.statusCode).toBe(201);
    expectProblem(
      await postSubscription(
        t,
        alice.token,
        { url: HOOK_URL, includeAll: true, allowRetry: true },
        { 'idempotency-key': 'k' },
      ),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await idsOf(alice)).toEqual([first.json().id]);
  });

  it('accepts the key as X-Idempotency-Key too, as the same key', async () => {
    const alice = await t.customer('Alice');
    const body = { url: HOOK_URL, includeAll: true };
    const first = await postSubscription(t, alice.token, body, { 'x-idempotency-key': 'legacy' });
    expect(first.statusCode).toBe(201);
    const again = await postSubscription(t, alice.token, body, { 'x-idempotency-key': 'legacy' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const viaNewName = await postSubscription(t, alice.token, body, {
      'idempotency-key': 'legacy',
    });
    expect(viaNewName.headers['idempotent-replayed']).toBe('true');
    expect(viaNewName.json().id).toBe(first.json().id);
    expect(await idsOf(alice)).toEqual([first.json().id]);
  });

  it('scopes keys to the customer: another customer with the same key creates its own', async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const body = { url: HOOK_URL, includeAll: true };
    const a = await postSubscription(t, alice.token, body, { 'idempotency-key': 'shared' });
    const b = await postSubscription(t, bob.token, body, { 'idempotency-key': 'shared' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    expect(await idsOf(bob)).toEqual([b.json().id]);
  });

  it('does not keep the key of a request refused by the limit', async () => {
    const alice = await t.customer('Alice');
    const subs: SubscriptionBody[] = [];
    for (let i = 0; i < LIMIT; i++) {
      subs.push(await createSubscription(t, alice.token, { url: HOOK_URL, includeAll: true }));
    }
    const body = { url: `${HOOK_URL}/late`, includeAll: true };
    expectProblem(
      await postSubscription(t, alice.token, body, { 'idempotency-key': 'after-limit' }),
      422,
      'SUBSCRIPTION_LIMIT_REACHED',
    );
    await t.as(alice.token, { method: 'DELETE', url: `/v1/subscriptions/${subs[0]!.id}` });
    const retried = await postSubscription(t, alice.token, body, {
      'idempotency-key': 'after-limit',
    });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json().url).toBe(`${HOOK_URL}/late`);
  });

  it('does not keep the key of a request refused for its URL, so a corrected body may reuse it', async () => {
    const alice = await t.customer('Alice');
    expectProblem(
      await postSubscription(
        t,
        alice.token,
        { url: 'https://10.0.0.8/hooks', includeAll: true },
        { 'idempotency-key': 'fix-url' },
      ),
      400,
      'INVALID_DATA',
    );
    const fixed = await postSubscription(
      t,
      alice.token,
      { url: HOOK_URL, includeAll: true },
      { 'idempotency-key': 'fix-url' },
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('creates exactly one subscription from concurrent duplicates', async () => {
    const alice = await t.customer('Alice');
    const body = { url: HOOK_URL, includeAll: true };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postSubscription(t, alice.token, body, { 'idempotency-key': 'burst' }),
      ),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    for (const res of answers) {
      expect([201, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(created.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    expect(await idsOf(alice)).toEqual([created[0]!.json().id]);
  });

  it('refuses a key that is too long or not visible ASCII', async () => {
    const alice = await t.customer('Alice');
    for (const key of ['k'.repeat(256), 'clé']) {
      const problem = expectProblem(
        await postSubscription(
          t,
          alice.token,
          { url: HOOK_URL, includeAll: true },
          { 'idempotency-key': key },
        ),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors?.[0]).toMatchObject({ pointer: '/Idempotency-Key', in: 'header' });
    }
    expect(await idsOf(alice)).toEqual([]);
  });
});
