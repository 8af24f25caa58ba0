import { afterEach, describe, expect, it } from 'vitest';
import {
  FAST_DELIVERY_ENV,
  jobsOf,
  openAccount,
  subscribe,
  waitForLogs,
  waitForSettled,
} from '../helpers/delivery.js';
import { startReceiver, type Receiver, type Script } from '../helpers/receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const MAX_RETRIES = Number(FAST_DELIVERY_ENV.COFRE_WEBHOOK_MAX_RETRIES);
const DELAY_MS = Number(FAST_DELIVERY_ENV.COFRE_WEBHOOK_RETRY_DELAY_MS);

// Spec section 3 and section 8: a FAILED attempt is retried after a fixed delay while the budget
// lasts, only when the subscription allows retries (BRIEF "Deliveries"); a success ends it.
describe.each(ENGINES)('delivery retries on %s', (engine) => {
  const receivers: Receiver[] = [];

  async function receiver(script: Script): Promise<Receiver> {
    const started = await startReceiver(script);
    receivers.push(started);
    return started;
  }

  const t = useTestApp(engine, { worker: true, env: FAST_DELIVERY_ENV });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  it('makes the first attempt and exactly max-retries retries, the fixed delay apart, then gives up', async () => {
    const endpoint = await receiver(() => ({ status: 500 }));
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url: endpoint.url, allowRetry: true });
    await openAccount(t, token);

    const message = await waitForSettled(t, subscriptionId);
    expect(message).toMatchObject({ status: 'FAILED', attempts: 1 + MAX_RETRIES });
    // FAILED with no job left for the message: no 4th attempt can ever be made.
    expect(await jobsOf(t, message.id)).toEqual([]);

    const logs = await waitForLogs(t, token, subscriptionId, 1 + MAX_RETRIES);
    expect(logs.map((l) => [l.trigger, l.retryAttempts, l.status, l.httpStatus])).toEqual([
      ['AUTOMATIC', 0, 'FAILED', 500],
      ['RETRY', 1, 'FAILED', 500],
      ['RETRY', 2, 'FAILED', 500],
    ]);
    expect(new Set(logs.map((l) => l.messageId))).toEqual(new Set([message.id]));

    expect(endpoint.received).toHaveLength(1 + MAX_RETRIES);
    const arrivals = endpoint.received.map((r) => r.at);
    for (let i = 1; i < arrivals.length; i++) {
      expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(DELAY_MS);
    }
  });

  it('makes exactly one attempt when the subscription does not allow retries', async () => {
    const endpoint = await receiver(() => ({ status: 500 }));
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url: endpoint.url, allowRetry: false });
    await openAccount(t, token);

    const message = await waitForSettled(t, subscriptionId);
    expect(message).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(await jobsOf(t, message.id)).toEqual([]);
    const logs = await waitForLogs(t, token, subscriptionId, 1);
    expect(logs.map((l) => [l.trigger, l.retryAttempts, l.status])).toEqual([
      ['AUTOMATIC', 0, 'FAILED'],
    ]);
    expect(endpoint.received).toHaveLength(1);
  });

  it('stops retrying once a retry succeeds', async () => {
    const endpoint = await receiver((request) => ({ status: request.n === 1 ? 503 : 200 }));
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url: endpoint.url, allowRetry: true });
    await openAccount(t, token);

    const message = await waitForSettled(t, subscriptionId);
    expect(message).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(await jobsOf(t, message.id)).toEqual([]);
    const logs = await waitForLogs(t, token, subscriptionId, 2);
    expect(logs.map((l) => [l.trigger, l.retryAttempts, l.status, l.httpStatus])).toEqual([
      ['AUTOMATIC', 0, 'FAILED', 503],
      ['RETRY', 1, 'SUCCESS', 200],
    ]);
    expect(endpoint.received).toHaveLength(2);
    expect(endpoint.received[1]!.at - endpoint.received[0]!.at).toBeGreaterThanOrEqual(DELAY_MS);
  });
});
