import { expect } from 'vitest';
import type { MessageRow } from '../../src/webhooks/messages/messages.table.js';
import type { Job } from '../../src/jobs/jobs.table.js';
import type { ManualClock } from '../../src/lib/clock.js';
import { expandQueuedEvents } from './fan-out.js';
import type { TestApp } from './test-app.js';

/**
 * Settings that make delivery fast enough to test: a short fixed retry delay and timeout, a lease
 * longer than the timeout (the config refuses anything else), plain-http loopback receivers.
 */
export const FAST_DELIVERY_ENV = {
  COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
  COFRE_WEBHOOK_MAX_RETRIES: '2',
  COFRE_WEBHOOK_RETRY_DELAY_MS: '150',
  COFRE_WEBHOOK_TIMEOUT_MS: '500',
  COFRE_WORKER_LEASE_MS: '2000',
} as const;

// One definition of the log shapes and of `eventually`, shared with the webhook API helpers.
export { eventually, type LogSummary, type LogEntry as LogDetail } from './webhook-api.js';
import { eventually, type LogEntry as LogDetail, type LogSummary } from './webhook-api.js';

/** Subscribes to ACCOUNT_CREATED only, so one opened account makes exactly one message. */
export async function subscribe(
  t: TestApp,
  token: string,
  input: { url: string; allowRetry?: boolean },
): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/subscriptions',
    payload: {
      url: input.url,
      resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
      allowRetry: input.allowRetry ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** Opens an account: the ACCOUNT_CREATED event is what gets delivered. */
export async function openAccount(t: TestApp, token: string): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: { type: 'CHECKING' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** Every attempt logged for a subscription, oldest first. */
export async function listLogs(
  t: TestApp,
  token: string,
  subscriptionId: string,
): Promise<LogSummary[]> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/subscriptions/${subscriptionId}/executionLogs?sortOrder=ASCENDING&limit=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LogSummary[] }>().data;
}

export async function getLog(
  t: TestApp,
  token: string,
  subscriptionId: string,
  logId: string,
): Promise<LogDetail> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/subscriptions/${subscriptionId}/executionLogs/${logId}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogDetail>();
}

/** Resolves once at least `count` attempts are logged; returns them oldest first. */
export async function waitForLogs(
  t: TestApp,
  token: string,
  subscriptionId: string,
  count: number,
): Promise<LogSummary[]> {
  return eventually(`${count} execution logs of ${subscriptionId}`, async () => {
    const logs = await listLogs(t, token, subscriptionId);
    return logs.length >= count ? logs : undefined;
  });
}

/**
 * The one message of a subscription (tests subscribe to one event and open one account), once
 * the worker has expanded the event (docs/webhooks.md "Fan-out"); never more than one.
 */
export async function messageOf(t: TestApp, subscriptionId: string): Promise<MessageRow> {
  const rows = await eventually(`the message of ${subscriptionId}`, async () => {
    const found = await t.handle.db
      .selectFrom('messages')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .execute();
    return found.length > 0 ? found : undefined;
  });
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Jobs that would still act on a message (an attempt or resend not yet settled). */
export async function jobsOf(t: TestApp, messageId: string): Promise<Job[]> {
  return t.handle.db.selectFrom('jobs').selectAll().where('subject_id', '=', messageId).execute();
}

/**
 * Resolves once the subscription's message has settled (no longer PENDING) and no job is left
 * for it: from then on no further automatic attempt can happen.
 */
export async function waitForSettled(t: TestApp, subscriptionId: string): Promise<MessageRow> {
  return eventually(`the message of ${subscriptionId} to settle`, async () => {
    const message = await messageOf(t, subscriptionId);
    if (message.status === 'PENDING') return undefined;
    return (await jobsOf(t, message.id)).length === 0 ? message : undefined;
  });
}

/**
 * The messages of a new customer's new subscription to everything (at a loopback url no test
 * listens on), one per account it then opens (`count`, a millisecond after subscribing), each
 * expanded from its event without a worker; oldest first, their jobs queued.
 */
export async function messagesOfNewSubscription(
  t: TestApp,
  clock: ManualClock,
  count: number,
): Promise<MessageRow[]> {
  const { token } = await t.customer();
  const created = await t.as(token, {
    method: 'POST',
    url: '/v1/subscriptions',
    payload: { url: 'http://127.0.0.1:8080/hook', includeAll: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  clock.advance(1);
  for (let i = 0; i < count; i++) await openAccount(t, token);
  await expandQueuedEvents(t);
  const messages = await t.handle.db
    .selectFrom('messages')
    .selectAll()
    .where('subscription_id', '=', created.json<{ id: string }>().id)
    .orderBy('id')
    .execute();
  expect(messages).toHaveLength(count);
  return messages;
}
