'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { downAndUpAgain } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV } from '../helpers/world.js';
import { ACCOUNT_CREATED_ONLY, createSubscription, openAccount } from '../helpers/webhook-api.js';

const HEALTH_MIGRATION = '0013-delivery-observability';

// Migration 0013 fills subscription_health from the messages and logs already stored, so a
// subscription with a history reads the same figures after an upgrade as if the worker had
// counted them; and it goes down and up again on both engines.
describe.each(ENGINES)('the delivery-health migration on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      env: LOCAL_WEBHOOKS_ENV,
    });
    // Deliveries 1 and 2 succeed, 3 and 4 fail (no retries): two failed, two in a row.
    receiver = await startReceiver((r) => (r.n <= 2 ? { status: 200 } : { status: 502 }));
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('backfills the same figures the worker kept', async () => {
    const customer = await t.customer('Alice');
    const sub = await createSubscription(t, customer.token, {
      url: `${receiver.url}/hooks`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    for (let i = 0; i < 4; i++) {
      await openAccount(t, customer.token);
      clock.advance(1000);
      await runDueJobs(t);
    }
    await openAccount(t, customer.token); // one more, still pending
    const read = async () =>
      (
        await t.as(customer.token, { method: 'GET', url: `/v1/subscriptions/${sub.id}/health` })
      ).json<Record<string, unknown>>();
    const kept = await read();
    expect(kept).toMatchObject({ pendingMessages: 1, failedMessages: 2, consecutiveFailures: 2 });

    await downAndUpAgain(t.handle.db, HEALTH_MIGRATION);

    expect(await read()).toEqual(kept);
  });
});
