import { afterEach, describe, expect, it } from 'vitest';
import {
  FAST_DELIVERY_ENV,
  getLog,
  openAccount,
  subscribe,
  waitForLogs,
  waitForSettled,
} from '../helpers/delivery.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const MAX_RETRIES = Number(FAST_DELIVERY_ENV.COFRE_WEBHOOK_MAX_RETRIES);

/** The headers the spec (section 6.2, 6.3) and BRIEF "Deliveries" say never change between tries. */
const STABLE_HEADERS = [
  'content-type',
  'x-message-id',
  'x-message-timestamp',
  'x-message-signature',
  'x-event-type',
  'x-resource-name',
] as const;

const stableHeadersOf = (request: Received) =>
  Object.fromEntries(STABLE_HEADERS.map((name) => [name, request.headers[name]]));

// Spec section 6.3: "A retry or replay sends the same payload, headers and signature as the
// original", and 6.2: X-Message-Id is constant across all retries and replays.
describe.each(ENGINES)('identical attempts on %s', (engine) => {
  let endpoint: Receiver;

  const t = useTestApp(engine, { worker: true, env: FAST_DELIVERY_ENV });
  afterEach(async () => {
    await endpoint.close();
  });

  it('sends the same bytes and headers on the first attempt, every retry and a resend', async () => {
    // Fails until the retries are spent; the manual resend is answered 200.
    endpoint = await startReceiver((request) => ({
      status: request.n <= 1 + MAX_RETRIES ? 500 : 200,
    }));
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, {
      url: `${endpoint.url}/hooks?tenant=a`,
      allowRetry: true,
    });
    await openAccount(t, token);
    const message = await waitForSettled(t, subscriptionId);
    expect(message.status).toBe('FAILED');
    const automatic = await waitForLogs(t, token, subscriptionId, 1 + MAX_RETRIES);

    const resend = await t.as(token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/executionLogs/${automatic[0]!.id}/resend`,
    });
    expect(resend.statusCode, resend.body).toBe(204);
    expect(resend.body).toBe('');
    const logs = await waitForLogs(t, token, subscriptionId, 2 + MAX_RETRIES);
    expect(logs.map((l) => [l.trigger, l.status])).toEqual([
      ['AUTOMATIC', 'FAILED'],
      ['RETRY', 'FAILED'],
      ['RETRY', 'FAILED'],
      ['RESEND', 'SUCCESS'],
    ]);

    const received = endpoint.received;
    expect(received).toHaveLength(2 + MAX_RETRIES);
    const [first, ...others] = received;
    expect(first!.method).toBe('POST');
    expect(first!.path).toBe('/hooks?tenant=a');
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['x-message-id']).toBe(message.id);
    expect(first!.headers['x-event-type']).toBe('ACCOUNT_CREATED');
    expect(first!.headers['x-resource-name']).toBe('ACCOUNT');
    expect(first!.headers['x-message-timestamp']).toMatch(/^\d+$/);
    expect(first!.headers['x-message-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    for (const other of others) {
      expect(other.body).toBe(first!.body);
      expect(stableHeadersOf(other)).toEqual(stableHeadersOf(first!));
    }

    // The log shows exactly what went over the wire, for every attempt.
    for (const summary of logs) {
      const log = await getLog(t, token, subscriptionId, summary.id);
      expect(log.messageId).toBe(message.id);
      expect(log.payload).toBe(first!.body);
      for (const name of STABLE_HEADERS) {
        expect(log.requestHeaders[name], name).toBe(first!.headers[name]);
      }
    }

    // A successful resend settles the message.
    const settled = await waitForSettled(t, subscriptionId);
    expect(settled.status).toBe('SUCCEEDED');
  });
});
