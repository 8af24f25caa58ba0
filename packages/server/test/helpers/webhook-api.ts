import type { LightMyRequestResponse } from 'fastify';
import { expectProblem } from './expect-problem.js';
import type { Received } from './receiver.js';
import type { TestApp } from './test-app.js';
import { waitUntil } from './wait-for.js';

/** A customer of the test app with a token (what `t.customer()` returns). */
export type Customer = Awaited<ReturnType<TestApp['customer']>>;

/** A subscription as the API shows it. */
export interface SubscriptionBody {
  id: string;
  url: string;
  includeAll: boolean;
  resources: { name: string; includeAll: boolean; events: string[] }[];
  allowRetry: boolean;
  maxConcurrency: number;
  signatureFormat: 'cofre' | 'standard-webhooks';
  signingKey: 'subscription-secret' | 'client-secret';
  /** With signingKey `client-secret`: the client whose secret the key is derived from. */
  signingClientId?: string;
  transport: 'http' | 'listen';
  status: 'ACTIVE' | 'PAUSED';
  createdAt: string;
  updatedAt: string;
}

/** One execution-log entry as listed; `get` adds payload, requestHeaders and responseBody. */
export interface LogSummary {
  id: string;
  subscriptionId: string;
  messageId: string;
  messageSequence: number;
  eventId: string;
  eventType: string;
  url: string;
  httpStatus: number;
  error: string | null;
  durationMs: number;
  retryAttempts: number;
  trigger: 'AUTOMATIC' | 'RETRY' | 'RESEND';
  status: 'SUCCESS' | 'FAILED';
  createdAt: string;
}

export interface LogEntry extends LogSummary {
  payload: string;
  requestHeaders: Record<string, string>;
  responseBody: string | null;
}

export interface PageBody<T> {
  data: T[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

/** Only ACCOUNT_CREATED: one message per opened account, whatever the sandbox does next. */
export const ACCOUNT_CREATED_ONLY = [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }];

export function postSubscription(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: '/v1/subscriptions', payload, headers });
}

/**
 * Creates a subscription and returns it as every other read shows it (the 201's one-time
 * `secret` left out: createSubscriptionWithSecret keeps it); throws unless the answer is a 201.
 */
export async function createSubscription(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<SubscriptionBody> {
  return (await createSubscriptionWithSecret(t, token, payload)).subscription;
}

/** Creates a subscription; returns it and the signing secret its 201 carried. */
export async function createSubscriptionWithSecret(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<{ subscription: SubscriptionBody; secret: string }> {
  const res = await postSubscription(t, token, payload);
  if (res.statusCode !== 201) {
    throw new Error(`subscription create failed: ${res.statusCode} ${res.body}`);
  }
  const { secret, ...subscription } = res.json<SubscriptionBody & { secret: string }>();
  return { subscription, secret };
}

export function patchSubscription(
  t: TestApp,
  token: string,
  id: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'PATCH', url: `/v1/subscriptions/${id}`, payload });
}

/** Opens a CHECKING account (one ACCOUNT_CREATED event) and returns its id. */
export async function openAccount(t: TestApp, token: string): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: { type: 'CHECKING' },
  });
  if (res.statusCode !== 201) throw new Error(`account open failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

export async function listLogs(
  t: TestApp,
  token: string,
  subscriptionId: string,
  query = '',
): Promise<PageBody<LogSummary>> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/subscriptions/${subscriptionId}/executionLogs${query ? `?${query}` : ''}`,
  });
  if (res.statusCode !== 200) throw new Error(`log list failed: ${res.statusCode} ${res.body}`);
  return res.json<PageBody<LogSummary>>();
}

export async function getLog(
  t: TestApp,
  token: string,
  subscriptionId: string,
  logId: string,
): Promise<LogEntry> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/subscriptions/${subscriptionId}/executionLogs/${logId}`,
  });
  if (res.statusCode !== 200) throw new Error(`log get failed: ${res.statusCode} ${res.body}`);
  return res.json<LogEntry>();
}

/**
 * Resolves with the first defined value of an async `check`, polling until the deadline: for
 * conditions only the API can answer (an attempt is logged after the receiver has answered).
 */
export function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options?: { timeoutMs?: number; intervalMs?: number },
): Promise<T> {
  return waitUntil(what, check, options);
}

/** Waits until the subscription's log (newest first, up to 100) holds at least `count` entries. */
export function waitForLogs(
  t: TestApp,
  token: string,
  subscriptionId: string,
  count: number,
  query = '',
): Promise<LogSummary[]> {
  return eventually(`${count} execution logs of ${subscriptionId}`, async () => {
    const page = await listLogs(t, token, subscriptionId, `limit=100${query ? `&${query}` : ''}`);
    return page.data.length >= count ? page.data : undefined;
  });
}

/** The id of the resource a delivered event body is about. */
export const resourceIdOf = (request: Received): string =>
  (JSON.parse(request.body) as { data: { id: string } }).data.id;

export const header = (request: Received, name: string): string => {
  const value = request.headers[name];
  if (typeof value !== 'string') throw new Error(`request ${request.n} has no ${name} header`);
  return value;
};

/**
 * Asserts that a customer who does not own subscription `subscriptionId` gets 404
 * RESOURCE_NOT_FOUND on its execution logs (list, get and resend of `logId`) and on its recover,
 * as for any object of another customer.
 */
export async function expectLogsHiddenFrom(
  t: TestApp,
  token: string,
  subscriptionId: string,
  logId: string,
): Promise<void> {
  for (const [method, url, payload] of [
    ['GET', `/v1/subscriptions/${subscriptionId}/executionLogs`, undefined],
    ['GET', `/v1/subscriptions/${subscriptionId}/executionLogs/${logId}`, undefined],
    ['POST', `/v1/subscriptions/${subscriptionId}/executionLogs/${logId}/resend`, undefined],
    ['POST', `/v1/subscriptions/${subscriptionId}/recover`, { since: '2020-01-01T00:00:00.000Z' }],
  ] as const) {
    expectProblem(
      await t.as(token, { method, url, ...(payload ? { payload } : {}) }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  }
}
