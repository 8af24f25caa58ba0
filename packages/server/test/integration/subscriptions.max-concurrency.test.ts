import { beforeAll, describe, expect, it } from 'vitest';
import { FAST_DELIVERY_ENV, openAccount } from '../helpers/delivery.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { startSlowReceiver } from '../helpers/slow-receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  patchSubscription,
  postSubscription,
  type Customer,
} from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const SERVER_MAX = 6;

// Issue 14 point 1: a subscription's attempts in flight at once are its `maxConcurrency`
// (default 4, settable within the server's maximum), across all workers.
describe.each(ENGINES)("a subscription's delivery concurrency on %s", (engine) => {
  let alice: Customer;

  const t = useTestApp(engine, {
    worker: true,
    env: {
      ...FAST_DELIVERY_ENV,
      COFRE_WEBHOOK_TIMEOUT_MS: '5000',
      COFRE_WORKER_LEASE_MS: '10000',
      COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION: String(SERVER_MAX),
    },
  });

  beforeAll(async () => {
    alice = await t.customer('Alice');
  });

  it('shows the default of 4, takes a value on create and PATCH, and refuses one above the server maximum', async () => {
    const made = await createSubscription(t, alice.token, {
      url: 'http://127.0.0.1:8999/hooks',
      includeAll: true,
    });
    expect(made.maxConcurrency).toBe(4);
    const patched = await patchSubscription(t, alice.token, made.id, { maxConcurrency: 2 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ maxConcurrency: 2 });

    const tooMany = expectProblem(
      await postSubscription(t, alice.token, {
        url: 'http://127.0.0.1:8999/hooks',
        includeAll: true,
        maxConcurrency: SERVER_MAX + 1,
      }),
      400,
      'INVALID_DATA',
    );
    expect(tooMany.errors).toEqual([
      expect.objectContaining({ pointer: '/maxConcurrency', code: 'OUT_OF_RANGE' }),
    ]);
    expect(tooMany.detail + JSON.stringify(tooMany.errors)).toContain(String(SERVER_MAX));
    expectProblem(
      await patchSubscription(t, alice.token, made.id, { maxConcurrency: SERVER_MAX + 1 }),
      400,
      'INVALID_DATA',
    );
    for (const bad of [0, 1.5, '2']) {
      expectProblem(
        await patchSubscription(t, alice.token, made.id, { maxConcurrency: bad }),
        400,
        'INVALID_DATA',
      );
    }
    const kept = await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${made.id}` });
    expect(kept.json()).toMatchObject({ maxConcurrency: 2 });
  });

  it('never has more attempts of a subscription in flight than its maxConcurrency, and uses all of it', async () => {
    const wide = await startSlowReceiver(150);
    const narrow = await startSlowReceiver(150);
    try {
      await createSubscription(t, alice.token, {
        url: wide.url,
        resources: ACCOUNT_CREATED_ONLY,
        maxConcurrency: 3,
      });
      await createSubscription(t, alice.token, {
        url: narrow.url,
        resources: ACCOUNT_CREATED_ONLY,
        maxConcurrency: 1,
      });
      const accounts = 12;
      for (let i = 0; i < accounts; i++) await openAccount(t, alice.token);
      await waitFor(
        'every message answered',
        () => (wide.answered >= accounts && narrow.answered >= accounts ? true : undefined),
        { timeoutMs: 20_000 },
      );
      expect(wide.most).toBe(3);
      expect(narrow.most).toBe(1);
    } finally {
      await wide.close();
      await narrow.close();
    }
  });
});
