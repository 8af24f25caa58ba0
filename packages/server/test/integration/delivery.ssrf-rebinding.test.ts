import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../src/lib/url-guard.js';
import {
  getLog,
  openAccount,
  subscribe,
  waitForLogs,
  waitForSettled,
} from '../helpers/delivery.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

/** A name that answers a public address first, then loopback: DNS rebinding. */
function rebindingResolver(): Resolver & { asked: string[] } {
  const answers = [['93.184.216.34'], ['127.0.0.1']];
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<string[]> => {
    const answer = answers[Math.min(asked.length, answers.length - 1)]!;
    asked.push(hostname);
    return answer;
  };
  return Object.assign(resolve, { asked });
}

// BRIEF "Callback URL policy": the URL is checked at create time and again at every delivery
// against the address actually connected to, so a name that rebinds to loopback after the
// subscription was accepted is never connected to.
describe.each(ENGINES)('delivery-time SSRF guard on %s', (engine) => {
  let t: TestApp;
  let endpoint: Receiver;
  const resolve = rebindingResolver();

  beforeAll(async () => {
    endpoint = await startReceiver();
    // COFRE_ALLOW_LOCAL_WEBHOOKS is left unset: the production posture.
    t = await createTestApp(engine, {
      worker: true,
      resolve,
      env: { COFRE_WEBHOOK_TIMEOUT_MS: '500', COFRE_WORKER_LEASE_MS: '2000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await endpoint.close();
  });

  it('refuses to deliver to a name that rebinds to loopback after the subscription was accepted', async () => {
    const { token } = await t.customer();
    const url = `https://rebind.test:${endpoint.port}/hook`;
    const subscriptionId = await subscribe(t, token, { url });
    expect(resolve.asked).toEqual(['rebind.test']);

    await openAccount(t, token);
    const message = await waitForSettled(t, subscriptionId);
    expect(message.status).toBe('FAILED');
    const [summary] = await waitForLogs(t, token, subscriptionId, 1);
    const log = await getLog(t, token, subscriptionId, summary!.id);
    expect(log).toMatchObject({ status: 'FAILED', httpStatus: 0, url, responseBody: null });
    expect(log.error).toMatch(/refused/i);
    expect(log.error).toContain('rebind.test');
    // Asked again at connect time, and the answer was refused before any socket opened.
    expect(resolve.asked).toEqual(['rebind.test', 'rebind.test']);
    expect(endpoint.connections).toBe(0);
    expect(endpoint.received).toEqual([]);
  });
});
