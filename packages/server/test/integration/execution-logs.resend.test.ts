import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { startGatedReceiver } from '../helpers/gated-receiver.js';
import type { Script } from '../helpers/receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  eventually,
  getLog,
  openAccount,
  patchSubscription,
  waitForLogs,
  type Customer,
} from '../helpers/webhook-api.js';
import {
  LOCAL_WEBHOOKS_ENV,
  subscribedCustomer,
  useReceivers,
  useTestApp,
} from '../helpers/world.js';

const SIGNED_HEADERS = [
  'content-type',
  'x-message-id',
  'x-event-type',
  'x-resource-name',
  'x-message-timestamp',
  'x-message-signature',
];

describe.each(ENGINES)('resending and recovering deliveries on %s', (engine) => {
  const t = useTestApp(engine, {
    worker: true,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_RETRY_DELAY_MS: '100',
      COFRE_WORKER_POLL_MS: '500',
    },
  });
  const newReceiver = useReceivers();

  /** A customer with one subscription (ACCOUNT_CREATED, no retries) to a new receiver. */
  // One attempt at a time, so the receiver sees them in the order they were queued.
  const setup = (script?: Script) =>
    subscribedCustomer(t, newReceiver, script, { maxConcurrency: 1 });
  const resend = (customer: Customer, subscriptionId: string, logId: string) =>
    t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/executionLogs/${logId}/resend`,
    });
  const recover = (customer: Customer, subscriptionId: string, since: string) =>
    t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/recover`,
      payload: { since },
    });

  it('resends with 204 and an empty body, the same bytes and signed headers, logged as RESEND', async () => {
    const { customer, receiver, sub } = await setup();
    await openAccount(t, customer.token);
    const [original] = await waitForLogs(t, customer.token, sub.id, 1);

    const res = await resend(customer, sub.id, original!.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const [first, again] = await receiver.waitForRequests(2);
    expect(again!.body).toBe(first!.body);
    for (const name of SIGNED_HEADERS)
      expect(again!.headers[name], name).toBe(first!.headers[name]);

    const [replay, kept] = await waitForLogs(t, customer.token, sub.id, 2);
    expect(kept).toEqual(original);
    expect(replay).toMatchObject({
      messageId: original!.messageId,
      eventId: original!.eventId,
      trigger: 'RESEND',
      status: 'SUCCESS',
      httpStatus: 200,
      retryAttempts: 1,
    });
    expect(replay!.id).not.toBe(original!.id);
    const detail = await getLog(t, customer.token, sub.id, replay!.id);
    expect(detail.payload).toBe(again!.body);
    expect(detail.requestHeaders['x-message-signature']).toBe(
      again!.headers['x-message-signature'],
    );
  });

  it('resends a failed attempt and logs the new outcome beside the old one', async () => {
    const { customer, receiver, sub } = await setup((r) =>
      r.n === 1 ? { status: 500, body: 'down' } : { status: 200 },
    );
    await openAccount(t, customer.token);
    const [failed] = await waitForLogs(t, customer.token, sub.id, 1);
    expect(failed).toMatchObject({ status: 'FAILED', httpStatus: 500 });
    expect((await resend(customer, sub.id, failed!.id)).statusCode).toBe(204);
    await receiver.waitForRequests(2);
    const [replay, original] = await waitForLogs(t, customer.token, sub.id, 2);
    expect(original).toEqual(failed);
    expect(replay).toMatchObject({
      trigger: 'RESEND',
      status: 'SUCCESS',
      messageId: failed!.messageId,
    });
  });

  it('refuses to resend while the subscription is paused with 409 SUBSCRIPTION_PAUSED', async () => {
    const { customer, receiver, sub } = await setup();
    await openAccount(t, customer.token);
    const [log] = await waitForLogs(t, customer.token, sub.id, 1);
    await patchSubscription(t, customer.token, sub.id, { status: 'PAUSED' });
    expectProblem(await resend(customer, sub.id, log!.id), 409, 'SUBSCRIPTION_PAUSED');
    expectProblem(
      await recover(customer, sub.id, new Date(Date.now() - 60_000).toISOString()),
      409,
      'SUBSCRIPTION_PAUSED',
    );

    await patchSubscription(t, customer.token, sub.id, { status: 'ACTIVE' });
    expect((await resend(customer, sub.id, log!.id)).statusCode).toBe(204);
    await receiver.waitForRequests(2);
    const [replay] = await waitForLogs(t, customer.token, sub.id, 2);
    expect(replay!.trigger).toBe('RESEND');
  });

  it('recovers every message whose last attempt failed since the given time', async () => {
    const { customer, receiver, sub } = await setup((r) =>
      r.n <= 3 ? { status: 500, body: 'maintenance' } : { status: 200 },
    );
    const since = new Date().toISOString();
    for (let i = 0; i < 3; i++) await openAccount(t, customer.token);
    const failures = await waitForLogs(t, customer.token, sub.id, 3);
    expect(failures.every((l) => l.status === 'FAILED')).toBe(true);

    const res = await recover(customer, sub.id, since);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: 3 });

    const requests = await receiver.waitForRequests(6);
    const firstIds = requests.slice(0, 3).map((r) => r.headers['x-message-id']);
    expect(requests.slice(3).map((r) => r.headers['x-message-id'])).toEqual(firstIds);
    expect(requests.slice(3).map((r) => r.body)).toEqual(requests.slice(0, 3).map((r) => r.body));
    const recovered = (await waitForLogs(t, customer.token, sub.id, 6)).slice(0, 3);
    expect(recovered.every((l) => l.trigger === 'RESEND' && l.status === 'SUCCESS')).toBe(true);

    // Delivered now: a second recovery finds nothing to do.
    expect((await recover(customer, sub.id, since)).json()).toEqual({ queued: 0 });
  });

  it('sends no recovered message while the subscription is paused, and sends them on resume', async () => {
    const customer = await t.customer('Alice');
    const gated = await startGatedReceiver();
    try {
      gated.release(500);
      const sub = await createSubscription(t, customer.token, {
        url: `${gated.url}/gated`,
        resources: ACCOUNT_CREATED_ONLY,
        // One redelivery at a time: exactly one is on the wire when the pause commits.
        maxConcurrency: 1,
      });
      const since = new Date().toISOString();
      for (let i = 0; i < 3; i++) await openAccount(t, customer.token);
      await waitForLogs(t, customer.token, sub.id, 3);

      gated.hold();
      expect((await recover(customer, sub.id, since)).json()).toEqual({ queued: 3 });
      // The first redelivery is on the wire when the pause commits.
      await gated.waitForRequests(4);
      const paused = await patchSubscription(t, customer.token, sub.id, { status: 'PAUSED' });
      expect(paused.statusCode, paused.body).toBe(200);
      gated.release(200);
      await waitForLogs(t, customer.token, sub.id, 4);
      await eventually('no job left queued for the paused subscription', async () => {
        const jobs = await t.handle.db
          .selectFrom('jobs')
          .select('id')
          .where('queue', '=', sub.id)
          .execute();
        return jobs.length === 0 ? true : undefined;
      });
      expect(gated.received).toHaveLength(4);

      await patchSubscription(t, customer.token, sub.id, { status: 'ACTIVE' });
      const requests = await gated.waitForRequests(6);
      const ids = (from: number, to: number) =>
        new Set(requests.slice(from, to).map((r) => r.headers['x-message-id']));
      expect(ids(3, 6)).toEqual(ids(0, 3));
    } finally {
      await gated.close();
    }
  });

  it('recovers nothing that failed before the given time', async () => {
    const { customer, sub } = await setup(() => ({ status: 500 }));
    await openAccount(t, customer.token);
    const [failure] = await waitForLogs(t, customer.token, sub.id, 1);
    const after = new Date(Date.parse(failure!.createdAt) + 1).toISOString();
    const res = await recover(customer, sub.id, after);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 0 });
  });

  it('refuses a since in the future or not a timestamp', async () => {
    const { customer, sub } = await setup();
    const future = expectProblem(
      await recover(customer, sub.id, new Date(Date.now() + 3_600_000).toISOString()),
      400,
      'INVALID_DATA',
    );
    expect(future.errors?.[0]).toMatchObject({ pointer: '/since', in: 'body' });
    for (const payload of [{ since: 'yesterday' }, {}, { since: '2024-01-01T00:00:00Z', x: 1 }]) {
      expectProblem(
        await t.as(customer.token, {
          method: 'POST',
          url: `/v1/subscriptions/${sub.id}/recover`,
          payload,
        }),
        400,
        'INVALID_DATA',
      );
    }
  });
});
