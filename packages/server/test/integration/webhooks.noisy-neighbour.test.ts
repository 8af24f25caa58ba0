import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_DELIVERY_ENV, openAccount } from '../helpers/delivery.js';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { startSlowReceiver, type SlowReceiver } from '../helpers/slow-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { ACCOUNT_CREATED_ONLY, createSubscription, type Customer } from '../helpers/webhook-api.js';

const STEP_MS = 500;
/**
 * B's normal latency is tens of milliseconds (the baseline measured in the issue: 22–65 ms);
 * with the old worker it was 86 s behind A's backlog. 1.5 s leaves a slow CI machine room and
 * still fails if B waits behind even one of A's 2 s attempts.
 */
const BOUND_MS = 1_500;
const A_ACCOUNTS = 100;

/** When the receiver got `type` for `accountId`, waiting for it. */
async function arrival(receiver: Receiver, type: string, accountId: string): Promise<Received> {
  for (let count = 1; ; count++) {
    const requests = await receiver.waitForRequests(count);
    const found = requests.find(
      (r) =>
        r.headers['x-event-type'] === type &&
        (JSON.parse(r.body) as { data: { id: string } }).data.id === accountId,
    );
    if (found) return found;
  }
}

// Issue 14 point 1: customer A's slow (2 s) and never-answering receivers with 200 messages
// queued must not delay customer B's webhooks or B's sandbox lifecycle steps.
describe.each(ENGINES)('a noisy neighbour on %s', (engine) => {
  let t: TestApp;
  let a: Customer;
  let b: Customer;
  let slow: SlowReceiver;
  let hanging: Receiver;
  let bReceiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      worker: true,
      env: {
        ...FAST_DELIVERY_ENV,
        // A's hung attempts give up after 3 s instead of 10 s. This only shortens how long each
        // one holds a worker slot, which helps the old worker, not the fix; it keeps the test short.
        COFRE_WEBHOOK_TIMEOUT_MS: '3000',
        COFRE_WORKER_LEASE_MS: '10000',
        COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
      },
    });
    slow = await startSlowReceiver(2_000);
    hanging = await startReceiver(() => ({ hang: true }));
    bReceiver = await startReceiver();
    a = await t.customer('Noisy A');
    b = await t.customer('Quiet B');
    for (const url of [slow.url, hanging.url]) {
      await createSubscription(t, a.token, { url, resources: ACCOUNT_CREATED_ONLY });
    }
    await createSubscription(t, b.token, {
      url: bReceiver.url,
      resources: [{ name: 'ACCOUNT', includeAll: true }],
    });
  });
  afterAll(async () => {
    await Promise.all([slow.close(), hanging.close(), bReceiver.close()]);
    await t.close();
  });

  it("delivers B's webhooks and runs B's sandbox steps on time while A's 200 messages wait", async () => {
    // 100 accounts × A's two subscriptions = 200 messages (and 100 activation steps of A's).
    for (let i = 0; i < A_ACCOUNTS; i++) await openAccount(t, a.token);

    for (let i = 0; i < 3; i++) {
      const openedAt = Date.now();
      const accountId = await openAccount(t, b.token);
      const created = await arrival(bReceiver, 'ACCOUNT_CREATED', accountId);
      expect(created.at - openedAt).toBeLessThan(BOUND_MS);
      // The sandbox activates the assets STEP_MS after opening; its event follows at once.
      const activated = await arrival(bReceiver, 'ACCOUNT_ASSET_ACTIVATED', accountId);
      expect(activated.at - openedAt).toBeLessThan(STEP_MS + BOUND_MS);
    }

    // A's backlog really was there all along: most of its 200 messages are still waiting.
    const waiting = await t.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('customer_id', '=', a.customerId)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    expect(Number(waiting.n)).toBeGreaterThan(100);
    // And A got only its allowance at a time (4 per subscription by default).
    expect(slow.most).toBeLessThanOrEqual(4);
  });
});
