import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  createSubscription,
  postSubscription,
  type SubscriptionBody,
} from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const HOOK_URL = 'http://127.0.0.1:8999/hooks';
const LIMIT = 3;

describe.each(ENGINES)('the per-customer subscription limit on %s', (engine) => {
  const t = useTestApp(engine, {
    env: {
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER: String(LIMIT),
    },
  });

  const countOf = async (token: string) =>
    (await t.as(token, { method: 'GET', url: '/v1/subscriptions?limit=100' })).json<{
      data: SubscriptionBody[];
    }>().data.length;

  it('refuses the subscription past the limit with 422 SUBSCRIPTION_LIMIT_REACHED', async () => {
    const alice = await t.customer('Alice');
    for (let i = 0; i < LIMIT; i++) {
      await createSubscription(t, alice.token, { url: `${HOOK_URL}/${i}`, includeAll: true });
    }
    expectProblem(
      await postSubscription(t, alice.token, { url: HOOK_URL, includeAll: true }),
      422,
      'SUBSCRIPTION_LIMIT_REACHED',
    );
    expect(await countOf(alice.token)).toBe(LIMIT);
  });

  it('frees a slot when a subscription is deleted', async () => {
    const alice = await t.customer('Alice');
    const subs: SubscriptionBody[] = [];
    for (let i = 0; i < LIMIT; i++) {
      subs.push(await createSubscription(t, alice.token, { url: HOOK_URL, includeAll: true }));
    }
    expect(
      (await postSubscription(t, alice.token, { url: HOOK_URL, includeAll: true })).statusCode,
    ).toBe(422);
    const deleted = await t.as(alice.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${subs[1]!.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await postSubscription(t, alice.token, { url: HOOK_URL, includeAll: true });
    expect(again.statusCode, again.body).toBe(201);
    expect(await countOf(alice.token)).toBe(LIMIT);
  });

  it('counts each customer on its own', async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    for (let i = 0; i < LIMIT; i++) {
      await createSubscription(t, alice.token, { url: HOOK_URL, includeAll: true });
    }
    const res = await postSubscription(t, bob.token, { url: HOOK_URL, includeAll: true });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('never exceeds the limit under concurrent creates', async () => {
    const carol = await t.customer('Carol');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postSubscription(t, carol.token, { url: `${HOOK_URL}/${i}`, includeAll: true }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expect(res.json().code).toBe('SUBSCRIPTION_LIMIT_REACHED');
    }
    expect(await countOf(carol.token)).toBe(LIMIT);
  });
});
