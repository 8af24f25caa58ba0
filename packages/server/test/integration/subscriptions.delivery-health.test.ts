import { describe, expect, it } from 'vitest';
import { PENDING_COUNT_CAP } from '../../src/webhooks/health/subscription-health.repository.js';
import { ManualClock, toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { numbered } from '../helpers/fan-out.js';
import type { Script } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { listLogs, openAccount, patchSubscription, type Customer } from '../helpers/webhook-api.js';
import {
  LOCAL_WEBHOOKS_ENV,
  subscribedCustomer,
  useReceivers,
  useTestApp,
} from '../helpers/world.js';

interface Health {
  subscriptionId: string;
  status: 'ACTIVE' | 'PAUSED';
  pendingMessages: number;
  pendingMessagesCapped: boolean;
  failedMessages: number;
  consecutiveFailures: number;
  lastSuccess: { at: string; messageId: string } | null;
  lastFailure: { at: string; messageId: string; httpStatus: number; error: string | null } | null;
}

const RETRY_DELAY_MS = 1_000;

describe.each(ENGINES)('a subscription’s delivery health on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  const t = useTestApp(engine, {
    clock,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_MAX_RETRIES: '2',
      COFRE_WEBHOOK_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
      COFRE_WEBHOOK_TIMEOUT_MS: '2000',
      COFRE_WORKER_LEASE_MS: '5000',
    },
  });
  const newReceiver = useReceivers();

  const setup = (script: Script, allowRetry = true) =>
    subscribedCustomer(t, newReceiver, script, { allowRetry });

  const health = async (customer: Customer, subscriptionId: string): Promise<Health> => {
    const res = await t.as(customer.token, {
      method: 'GET',
      url: `/v1/subscriptions/${subscriptionId}/health`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Health>();
    // The maintained counter always agrees with the messages themselves.
    const failed = await t.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'FAILED')
      .executeTakeFirstOrThrow();
    expect(body.failedMessages).toBe(Number(failed.n));
    return body;
  };

  const retryNow = async () => {
    clock.advance(RETRY_DELAY_MS);
    await runDueJobs(t);
  };

  it('starts empty, and answers 404 for another customer’s subscription or an unknown id', async () => {
    const { customer, sub } = await setup(() => ({ status: 200 }));
    expect(await health(customer, sub.id)).toEqual({
      subscriptionId: sub.id,
      status: 'ACTIVE',
      pendingMessages: 0,
      pendingMessagesCapped: false,
      failedMessages: 0,
      consecutiveFailures: 0,
      lastSuccess: null,
      lastFailure: null,
    });
    const mallory = await t.customer('Mallory');
    const url = `/v1/subscriptions/${sub.id}/health`;
    expectProblem(await t.as(mallory.token, { method: 'GET', url }), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await t.as(customer.token, { method: 'GET', url: '/v1/subscriptions/sub_nope/health' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('counts a message pending until delivered, then names it as the last success', async () => {
    const { customer, sub } = await setup(() => ({ status: 204 }));
    await openAccount(t, customer.token);
    expect(await health(customer, sub.id)).toMatchObject({ pendingMessages: 1, lastSuccess: null });
    await runDueJobs(t);
    const [log] = (await listLogs(t, customer.token, sub.id)).data;
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: 0,
      failedMessages: 0,
      consecutiveFailures: 0,
      lastSuccess: { at: toIso(clock.now()), messageId: log!.messageId },
      lastFailure: null,
    });
  });

  it('moves through failure, retry, exhaustion and a successful resend', async () => {
    let answer = 503;
    const { customer, sub } = await setup(() => ({ status: answer, body: 'down' }));
    await openAccount(t, customer.token);
    await runDueJobs(t);
    const first = await health(customer, sub.id);
    expect(first).toMatchObject({ pendingMessages: 1, failedMessages: 0, consecutiveFailures: 1 });
    expect(first.lastFailure).toEqual({
      at: toIso(clock.now()),
      messageId: expect.stringMatching(/^msg_/) as string,
      httpStatus: 503,
      error: 'The endpoint answered 503.',
    });

    await retryNow();
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: 1,
      consecutiveFailures: 2,
    });
    await retryNow(); // the third and last attempt: retries exhausted
    const exhausted = await health(customer, sub.id);
    expect(exhausted).toMatchObject({
      pendingMessages: 0,
      failedMessages: 1,
      consecutiveFailures: 3,
      lastSuccess: null,
      lastFailure: { at: toIso(clock.now()), httpStatus: 503 },
    });

    answer = 200;
    const [latest] = (await listLogs(t, customer.token, sub.id)).data;
    const resend = await t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/executionLogs/${latest!.id}/resend`,
    });
    expect(resend.statusCode).toBe(204);
    clock.advance(10);
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toEqual({
      ...exhausted,
      failedMessages: 0,
      consecutiveFailures: 0,
      lastSuccess: { at: toIso(clock.now()), messageId: latest!.messageId },
    });
  });

  it('counts a message without retries as failed at once, and a failed resend as one more failure', async () => {
    const { customer, sub } = await setup(() => ({ status: 500 }), false);
    await openAccount(t, customer.token);
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: 0,
      failedMessages: 1,
      consecutiveFailures: 1,
    });
    const [log] = (await listLogs(t, customer.token, sub.id)).data;
    await t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/executionLogs/${log!.id}/resend`,
    });
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: 0,
      failedMessages: 1,
      consecutiveFailures: 2,
    });
  });

  it('keeps held messages pending while paused and delivers them on resume', async () => {
    const { customer, sub } = await setup(() => ({ status: 200 }));
    await patchSubscription(t, customer.token, sub.id, { status: 'PAUSED' });
    await openAccount(t, customer.token);
    await openAccount(t, customer.token);
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toMatchObject({
      status: 'PAUSED',
      pendingMessages: 2,
      lastSuccess: null,
    });
    await patchSubscription(t, customer.token, sub.id, { status: 'ACTIVE' });
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toMatchObject({
      status: 'ACTIVE',
      pendingMessages: 0,
      failedMessages: 0,
      lastSuccess: { at: toIso(clock.now()) },
    });
  });

  it('counts a backlog up to the cap and says when it is larger', async () => {
    const { customer, sub } = await setup(() => ({ status: 200 }));
    const eventId = newId('event', clock.now());
    await t.handle.db
      .insertInto('events')
      .values({
        id: eventId,
        customer_id: customer.customerId,
        type: 'ACCOUNT_CREATED',
        resource: 'ACCOUNT',
        resource_id: 'acc_x',
        payload: '{}',
        traceparent: null,
        tracestate: null,
        created_at: clock.now(),
      })
      .execute();
    const queue = async (count: number) => {
      const unnumbered = Array.from({ length: count }, () => ({
        id: newId('message', clock.now()),
        customer_id: customer.customerId,
        subscription_id: sub.id,
        event_id: eventId,
        event_type: 'ACCOUNT_CREATED',
        headers: '{}',
        status: 'PENDING' as const,
        attempts: 0,
        last_attempt_at: null,
        last_attempt_status: null,
        created_at: clock.now(),
        updated_at: clock.now(),
      }));
      const rows = await numbered(t.handle.db, unnumbered);
      for (let i = 0; i < rows.length; i += 500)
        await t.handle.db
          .insertInto('messages')
          .values(rows.slice(i, i + 500))
          .execute();
    };
    await queue(PENDING_COUNT_CAP);
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: PENDING_COUNT_CAP,
      pendingMessagesCapped: false,
    });
    await queue(1);
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: PENDING_COUNT_CAP,
      pendingMessagesCapped: true,
    });
    // These messages have no jobs; cancel them so no later run of this file meets them.
    await t.handle.db
      .updateTable('messages')
      .set({ status: 'CANCELLED' })
      .where('subscription_id', '=', sub.id)
      .execute();
  });

  it('moves a failed message to pending when a resend queued before a pause holds it', async () => {
    let answer = 500;
    const { customer, sub } = await setup(() => ({ status: answer }), false);
    await openAccount(t, customer.token);
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toMatchObject({ pendingMessages: 0, failedMessages: 1 });
    const [log] = (await listLogs(t, customer.token, sub.id)).data;
    await t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/executionLogs/${log!.id}/resend`,
    });
    await patchSubscription(t, customer.token, sub.id, { status: 'PAUSED' });
    await runDueJobs(t); // the resend finds the subscription paused: the message is held
    expect(await health(customer, sub.id)).toMatchObject({ pendingMessages: 1, failedMessages: 0 });

    answer = 200;
    await patchSubscription(t, customer.token, sub.id, { status: 'ACTIVE' });
    await runDueJobs(t);
    expect(await health(customer, sub.id)).toMatchObject({
      pendingMessages: 0,
      failedMessages: 0,
      consecutiveFailures: 0,
      lastSuccess: { messageId: log!.messageId },
    });
  });
});
