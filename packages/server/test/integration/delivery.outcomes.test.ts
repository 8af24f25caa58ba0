import { afterEach, describe, expect, it } from 'vitest';
import {
  FAST_DELIVERY_ENV,
  getLog,
  jobsOf,
  openAccount,
  subscribe,
  waitForLogs,
  waitForSettled,
} from '../helpers/delivery.js';
import { REFUSING_URL, startReceiver, type Receiver, type Script } from '../helpers/receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Spec section 3 "Delivery attempt" and section 7.2: any 2xx is a success and is never retried;
// a non-2xx answer (redirects included, BRIEF "Deliveries"), a timeout or a network error is a
// FAILED attempt, recorded in the execution log.
describe.each(ENGINES)('delivery outcomes on %s', (engine) => {
  const receivers: Receiver[] = [];

  async function receiver(script?: Script): Promise<Receiver> {
    const started = await startReceiver(script);
    receivers.push(started);
    return started;
  }

  /** One customer, one subscription to `url`, one event; resolves with its settled attempt. */
  async function deliverOnce(url: string, allowRetry: boolean) {
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url, allowRetry });
    await openAccount(t, token);
    const message = await waitForSettled(t, subscriptionId);
    const logs = await waitForLogs(t, token, subscriptionId, 1);
    const log = await getLog(t, token, subscriptionId, logs[0]!.id);
    return { token, subscriptionId, message, logs, log };
  }

  const t = useTestApp(engine, { worker: true, env: FAST_DELIVERY_ENV });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  it.each([200, 201, 202, 204])(
    'counts a %i answer as success after one attempt, without retrying even when retries are allowed',
    async (status) => {
      const endpoint = await receiver(() => ({ status }));
      const { message, logs, log } = await deliverOnce(`${endpoint.url}/hook`, true);
      expect(message).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
      expect(logs).toHaveLength(1);
      expect(log).toMatchObject({
        status: 'SUCCESS',
        httpStatus: status,
        trigger: 'AUTOMATIC',
        retryAttempts: 0,
        error: null,
      });
      // Settled with no job left: nothing can send it again.
      expect(await jobsOf(t, message.id)).toEqual([]);
      expect(endpoint.received).toHaveLength(1);
    },
  );

  it.each([500, 404])('records a %i answer as a FAILED attempt', async (status) => {
    const endpoint = await receiver(() => ({ status, body: `answered ${status}` }));
    const { message, logs, log } = await deliverOnce(`${endpoint.url}/hook`, false);
    expect(message).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(logs).toHaveLength(1);
    expect(log).toMatchObject({
      status: 'FAILED',
      httpStatus: status,
      trigger: 'AUTOMATIC',
      responseBody: `answered ${status}`,
    });
    expect(log.error).toContain(String(status));
    expect(endpoint.received).toHaveLength(1);
  });

  it('records a 302 as a FAILED attempt and does not follow the redirect', async () => {
    const target = await receiver();
    const endpoint = await receiver(() => ({
      status: 302,
      headers: { location: `${target.url}/elsewhere` },
    }));
    const { message, log } = await deliverOnce(`${endpoint.url}/hook`, false);
    expect(message.status).toBe('FAILED');
    expect(log).toMatchObject({ status: 'FAILED', httpStatus: 302 });
    expect(endpoint.received).toHaveLength(1);
    expect(target.connections).toBe(0);
    expect(target.received).toEqual([]);
  });

  it('records a receiver that never answers as a FAILED attempt with status 0 after the timeout', async () => {
    const endpoint = await receiver(() => ({ hang: true }));
    const { message, log } = await deliverOnce(`${endpoint.url}/hook`, false);
    expect(message.status).toBe('FAILED');
    expect(log).toMatchObject({ status: 'FAILED', httpStatus: 0, responseBody: null });
    expect(log.error).toMatch(/timeout/i);
    const timeoutMs = Number(FAST_DELIVERY_ENV.COFRE_WEBHOOK_TIMEOUT_MS);
    expect(log.durationMs).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(log.durationMs).toBeLessThan(Number(FAST_DELIVERY_ENV.COFRE_WORKER_LEASE_MS));
    expect(endpoint.received).toHaveLength(1);
  });

  it('records a refused connection as a FAILED attempt with status 0 and the network error', async () => {
    const { message, log } = await deliverOnce(`${REFUSING_URL}/hook`, false);
    expect(message.status).toBe('FAILED');
    expect(log).toMatchObject({ status: 'FAILED', httpStatus: 0, responseBody: null });
    expect(log.error).toMatch(/ECONNREFUSED/);
  });
});
