import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import type { Script } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { getLog, listLogs, type Customer } from '../helpers/webhook-api.js';
import {
  LOCAL_WEBHOOKS_ENV,
  subscribedCustomer,
  useReceivers,
  useTestApp,
} from '../helpers/world.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const TRACESTATE = 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7';

/**
 * W3C trace context with no OpenTelemetry SDK registered: the caller's traceparent still
 * reaches every webhook request of the events its request caused (docs/tracing.md).
 */
describe.each(ENGINES)('trace context without a tracing SDK on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  const t = useTestApp(engine, {
    clock,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_MAX_RETRIES: '1',
      COFRE_WEBHOOK_RETRY_DELAY_MS: '1000',
    },
  });
  const newReceiver = useReceivers();

  const setup = (script?: Script) =>
    subscribedCustomer(t, newReceiver, script, { allowRetry: true });
  const openAccountWith = async (customer: Customer, headers: Record<string, string>) => {
    const res = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
      headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const storedEvent = (resourceId: string) =>
    t.handle.db
      .selectFrom('events')
      .select(['traceparent', 'tracestate'])
      .where('resource_id', '=', resourceId)
      .executeTakeFirstOrThrow();

  it('sends the incoming traceparent and tracestate on the first attempt, the retry and a resend', async () => {
    const { customer, receiver, sub } = await setup((r) =>
      r.n === 1 ? { status: 500 } : { status: 200 },
    );
    const accountId = await openAccountWith(customer, {
      traceparent: TRACEPARENT,
      tracestate: TRACESTATE,
    });
    expect(await storedEvent(accountId)).toEqual({
      traceparent: TRACEPARENT,
      tracestate: TRACESTATE,
    });
    await runDueJobs(t);
    clock.advance(1000);
    await runDueJobs(t);
    const [retried] = (await listLogs(t, customer.token, sub.id)).data;
    await t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/executionLogs/${retried!.id}/resend`,
    });
    await runDueJobs(t);

    const requests = await receiver.waitForRequests(3);
    expect(requests.map((r) => [r.headers.traceparent, r.headers.tracestate])).toEqual([
      [TRACEPARENT, TRACESTATE],
      [TRACEPARENT, TRACESTATE],
      [TRACEPARENT, TRACESTATE],
    ]);
    // The signature is over id.timestamp.body, so the extra headers leave it unchanged.
    expect(new Set(requests.map((r) => r.headers['x-message-signature'])).size).toBe(1);
    const detail = await getLog(t, customer.token, sub.id, retried!.id);
    expect(detail.requestHeaders.traceparent).toBe(TRACEPARENT);
  });

  it.each([
    ['an upper-case id', TRACEPARENT.toUpperCase()],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['version ff', TRACEPARENT.replace(/^00/, 'ff')],
    ['extra fields on version 00', `${TRACEPARENT}-extra`],
    ['garbage', 'not-a-traceparent'],
  ])('ignores %s: the request succeeds and the webhook carries no traceparent', async (_, bad) => {
    const { customer, receiver } = await setup();
    const accountId = await openAccountWith(customer, { traceparent: bad, tracestate: TRACESTATE });
    expect(await storedEvent(accountId)).toEqual({ traceparent: null, tracestate: null });
    await runDueJobs(t);
    const [request] = await receiver.waitForRequests(1);
    expect(request!.headers.traceparent).toBeUndefined();
    expect(request!.headers.tracestate).toBeUndefined();
  });

  it('keeps a valid traceparent and drops an invalid tracestate alone', async () => {
    const { customer, receiver } = await setup();
    await openAccountWith(customer, { traceparent: TRACEPARENT, tracestate: 'Bad Key=1' });
    await runDueJobs(t);
    const [request] = await receiver.waitForRequests(1);
    expect(request!.headers.traceparent).toBe(TRACEPARENT);
    expect(request!.headers.tracestate).toBeUndefined();
  });

  it('sends no trace headers for an event whose request carried none', async () => {
    const { customer, receiver } = await setup();
    await openAccountWith(customer, {});
    await runDueJobs(t);
    const [request] = await receiver.waitForRequests(1);
    expect(request!.headers.traceparent).toBeUndefined();
  });
});
