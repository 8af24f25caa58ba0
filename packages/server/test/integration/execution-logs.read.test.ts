import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { REFUSING_URL, startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  type Customer,
  expectLogsHiddenFrom,
  getLog,
  header,
  listLogs,
  type LogSummary,
  openAccount,
  type SubscriptionBody,
  waitForLogs,
} from '../helpers/webhook-api.js';

const ACCOUNTS = 6;
/** Each account: ACCOUNT_CREATED, then ACCOUNT_ASSET_ACTIVATED when the sandbox activates it. */
const ATTEMPTS = ACCOUNTS * 2;
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(ENGINES)('reading execution logs on %s', (engine) => {
  let t: TestApp;
  let receiver: Receiver;
  let alice: Customer;
  let bob: Customer;
  let sub: SubscriptionBody;
  /** Message ids the receiver answered 500, by script. */
  const failed = new Set<string>();
  let logs: LogSummary[];
  const others: Receiver[] = [];

  beforeAll(async () => {
    receiver = await startReceiver((r) => {
      if (r.n % 4 === 0) {
        failed.add(header(r, 'x-message-id'));
        return { status: 500, body: 'nope' };
      }
      return { status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } };
    });
    t = await createTestApp(engine, {
      worker: true,
      env: {
        COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        COFRE_SANDBOX_STEP_DELAY_MS: '50',
        COFRE_WEBHOOK_RETRY_DELAY_MS: '100',
        COFRE_WEBHOOK_MAX_RETRIES: '2',
        COFRE_WEBHOOK_TIMEOUT_MS: '500',
        COFRE_WORKER_POLL_MS: '500',
      },
    });
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
    sub = await createSubscription(t, alice.token, {
      url: `${receiver.url}/hooks`,
      resources: [{ name: 'ACCOUNT', includeAll: true }],
      // One attempt at a time, so the order the receiver saw is the order of the attempts (with
      // several in flight, two attempts can reach it in the other order: seen in CI).
      maxConcurrency: 1,
    });
    for (let i = 0; i < ACCOUNTS; i++) await openAccount(t, alice.token);
    await receiver.waitForRequests(ATTEMPTS);
    logs = await waitForLogs(t, alice.token, sub.id, ATTEMPTS);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([receiver, ...others].map((r) => r.close()));
  });

  const receivedFor = (messageId: string): Received => {
    const found = receiver.received.find((r) => r.headers['x-message-id'] === messageId);
    if (!found) throw new Error(`the receiver never got ${messageId}`);
    return found;
  };

  it('lists one entry per attempt, newest first', () => {
    expect(logs).toHaveLength(ATTEMPTS);
    const arrived = receiver.received.map((r) => header(r, 'x-message-id'));
    expect(logs.map((l) => l.messageId)).toEqual([...arrived].reverse());
    const keys = logs.map((l) => `${l.createdAt}|${l.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(logs.every((l) => l.subscriptionId === sub.id && /^log_[0-9A-Z]{26}$/.test(l.id))).toBe(
      true,
    );
  });

  it('pages with the spec’s cursors, forward and back, without gaps or duplicates', async () => {
    const first = await listLogs(t, alice.token, sub.id, 'limit=5');
    expect(first.meta).toMatchObject({ total: 5, previousCursor: null });
    const second = await listLogs(
      t,
      alice.token,
      sub.id,
      `limit=5&cursor=${first.meta.nextCursor}`,
    );
    const third = await listLogs(
      t,
      alice.token,
      sub.id,
      `limit=5&cursor=${second.meta.nextCursor}`,
    );
    expect(third.meta).toMatchObject({ total: ATTEMPTS - 10, nextCursor: null });
    expect([...first.data, ...second.data, ...third.data].map((l) => l.id)).toEqual(
      logs.map((l) => l.id),
    );
    const back = await listLogs(
      t,
      alice.token,
      sub.id,
      `limit=5&cursor=${third.meta.previousCursor}`,
    );
    expect(back.data).toEqual(second.data);
    const backAgain = await listLogs(
      t,
      alice.token,
      sub.id,
      `limit=5&cursor=${back.meta.previousCursor}`,
    );
    expect(backAgain.data).toEqual(first.data);
    expect(backAgain.meta.previousCursor).toBeNull();

    const byDefault = await listLogs(t, alice.token, sub.id);
    expect(byDefault.data.map((l) => l.id)).toEqual(logs.slice(0, 10).map((l) => l.id));
    const ascending = await listLogs(t, alice.token, sub.id, 'limit=100&sortOrder=ASCENDING');
    expect(ascending.data.map((l) => l.id)).toEqual(logs.map((l) => l.id).reverse());
  });

  it('filters by status=FAILED and status=SUCCESS', async () => {
    const failures = await listLogs(t, alice.token, sub.id, 'status=FAILED&limit=100');
    expect(failed.size).toBe(ATTEMPTS / 4);
    expect(new Set(failures.data.map((l) => l.messageId))).toEqual(failed);
    for (const log of failures.data) {
      expect(log).toMatchObject({ status: 'FAILED', httpStatus: 500, trigger: 'AUTOMATIC' });
      expect(log.error).toMatch(/500/);
    }
    const successes = await listLogs(t, alice.token, sub.id, 'status=SUCCESS&limit=100');
    expect(successes.data).toHaveLength(ATTEMPTS - failed.size);
    expect(successes.data.every((l) => l.status === 'SUCCESS' && l.httpStatus === 200)).toBe(true);
  });

  it('filters by eventType, alone and with status', async () => {
    const activated = await listLogs(
      t,
      alice.token,
      sub.id,
      'eventType=ACCOUNT_ASSET_ACTIVATED&limit=100',
    );
    expect(activated.data).toHaveLength(ACCOUNTS);
    expect(activated.data.every((l) => l.eventType === 'ACCOUNT_ASSET_ACTIVATED')).toBe(true);
    expect(activated.data.map((l) => l.id)).toEqual(
      logs.filter((l) => l.eventType === 'ACCOUNT_ASSET_ACTIVATED').map((l) => l.id),
    );
    const both = await listLogs(
      t,
      alice.token,
      sub.id,
      'eventType=ACCOUNT_CREATED&status=FAILED&limit=100',
    );
    expect(both.data.map((l) => l.id)).toEqual(
      logs
        .filter((l) => l.eventType === 'ACCOUNT_CREATED' && l.status === 'FAILED')
        .map((l) => l.id),
    );
    expectProblem(
      await t.as(alice.token, {
        method: 'GET',
        url: `/v1/subscriptions/${sub.id}/executionLogs?eventType=ACCOUNT_EXPLODED`,
      }),
      400,
      'INVALID_DATA',
    );
  });

  it('refuses a cursor of the filtered log on the unfiltered log', async () => {
    const page = await listLogs(t, alice.token, sub.id, 'status=SUCCESS&limit=2');
    expectProblem(
      await t.as(alice.token, {
        method: 'GET',
        url: `/v1/subscriptions/${sub.id}/executionLogs?limit=2&cursor=${page.meta.nextCursor}`,
      }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('shows a successful attempt with every field, its payload and headers exactly as received', async () => {
    const summary = logs.find((l) => l.status === 'SUCCESS')!;
    const log = await getLog(t, alice.token, sub.id, summary.id);
    const received = receivedFor(log.messageId);
    expect(log).toEqual({
      ...summary,
      payload: received.body,
      requestHeaders: expect.any(Object) as object,
      responseBody: 'ok',
    });
    expect(log).toMatchObject({
      subscriptionId: sub.id,
      messageId: expect.stringMatching(/^msg_[0-9A-Z]{26}$/) as string,
      eventId: expect.stringMatching(/^evt_[0-9A-Z]{26}$/) as string,
      url: `${receiver.url}/hooks`,
      httpStatus: 200,
      error: null,
      retryAttempts: 0,
      trigger: 'AUTOMATIC',
      status: 'SUCCESS',
      createdAt: expect.stringMatching(ISO_MS) as string,
    });
    expect(Number.isInteger(log.durationMs) && log.durationMs >= 0).toBe(true);
    for (const name of [
      'content-type',
      'x-message-id',
      'x-event-type',
      'x-resource-name',
      'x-message-timestamp',
      'x-message-signature',
    ]) {
      expect(log.requestHeaders[name], name).toBe(received.headers[name]);
    }
    expect(log.requestHeaders['x-message-id']).toBe(log.messageId);
    expect(log.requestHeaders['x-event-type']).toBe(log.eventType);
    const body = JSON.parse(log.payload);
    expect(body).toMatchObject({ id: log.eventId, type: log.eventType, resource: 'ACCOUNT' });
  });

  it('shows a failed attempt with the answer it got', async () => {
    const summary = logs.find((l) => l.status === 'FAILED')!;
    const log = await getLog(t, alice.token, sub.id, summary.id);
    expect(log).toMatchObject({
      status: 'FAILED',
      httpStatus: 500,
      responseBody: 'nope',
      error: expect.stringContaining('500') as string,
      payload: receivedFor(summary.messageId).body,
    });
  });

  it("signs what it sent with the key of the subscription's secret", async () => {
    const log = await getLog(t, alice.token, sub.id, logs[0]!.id);
    const { secret } = (
      await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${sub.id}/secret` })
    ).json<{ secret: string }>();
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const timestamp = log.requestHeaders['x-message-timestamp']!;
    const expected = createHmac('sha256', key)
      .update(`${log.messageId}.${timestamp}.${log.payload}`)
      .digest('hex');
    expect(log.requestHeaders['x-message-signature']).toBe(`v1=${expected}`);
    const atTime = Date.parse(JSON.parse(log.payload).atTime);
    expect(Number(timestamp)).toBe(Math.floor(atTime / 1000));
  });

  it('answers 404 to another customer on list, get, resend and recover', async () => {
    const logId = logs[0]!.id;
    await expectLogsHiddenFrom(t, bob.token, sub.id, logId);
  });

  it('answers 404 for a log id of another subscription, an unknown and a malformed one', async () => {
    const dave = await t.customer('Dave');
    const one = await startReceiver();
    const two = await startReceiver();
    others.push(one, two);
    const subOne = await createSubscription(t, dave.token, {
      url: one.url,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const subTwo = await createSubscription(t, dave.token, {
      url: two.url,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await openAccount(t, dave.token);
    const [logOne] = await waitForLogs(t, dave.token, subOne.id, 1);
    await waitForLogs(t, dave.token, subTwo.id, 1);
    for (const logId of [logOne!.id, 'log_01JAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-log', sub.id]) {
      expectProblem(
        await t.as(dave.token, {
          method: 'GET',
          url: `/v1/subscriptions/${subTwo.id}/executionLogs/${logId}`,
        }),
        404,
        'RESOURCE_NOT_FOUND',
      );
      expectProblem(
        await t.as(dave.token, {
          method: 'POST',
          url: `/v1/subscriptions/${subTwo.id}/executionLogs/${logId}/resend`,
        }),
        404,
        'RESOURCE_NOT_FOUND',
      );
    }
    expect((await getLog(t, dave.token, subOne.id, logOne!.id)).id).toBe(logOne!.id);
  });

  it('logs each automatic retry with its count until the budget is spent', async () => {
    const carol = await t.customer('Carol');
    const down = await startReceiver(() => ({ status: 503 }));
    others.push(down);
    const retried = await createSubscription(t, carol.token, {
      url: down.url,
      allowRetry: true,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await openAccount(t, carol.token);
    const attempts = await waitForLogs(t, carol.token, retried.id, 3);
    expect(attempts.map((l) => [l.trigger, l.retryAttempts, l.status, l.httpStatus])).toEqual([
      ['RETRY', 2, 'FAILED', 503],
      ['RETRY', 1, 'FAILED', 503],
      ['AUTOMATIC', 0, 'FAILED', 503],
    ]);
    expect(new Set(attempts.map((l) => l.messageId)).size).toBe(1);
    const requests = await down.waitForRequests(3);
    expect(new Set(requests.map((r) => r.headers['x-message-signature'])).size).toBe(1);
  });

  it("filters by messageId: every attempt of that message, nothing of another subscription's", async () => {
    const erin = await t.customer('Erin');
    const down = await startReceiver(() => ({ status: 503 }));
    const up = await startReceiver();
    others.push(down, up);
    const retried = await createSubscription(t, erin.token, {
      url: down.url,
      allowRetry: true,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const other = await createSubscription(t, erin.token, {
      url: up.url,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await openAccount(t, erin.token);
    await openAccount(t, erin.token);
    const all = await waitForLogs(t, erin.token, retried.id, 6);
    const [otherLog] = await waitForLogs(t, erin.token, other.id, 2);
    const messageId = all[0]!.messageId;
    const expected = all.filter((l) => l.messageId === messageId);
    expect(expected).toHaveLength(3);

    const page = await listLogs(t, erin.token, retried.id, `messageId=${messageId}`);
    expect(page.data.map((l) => l.id)).toEqual(expected.map((l) => l.id));
    // Paged one at a time, forward then back, with the filter bound into the cursors.
    const forward: string[] = [];
    let next: string | null = null;
    do {
      const one: Awaited<ReturnType<typeof listLogs>> = await listLogs(
        t,
        erin.token,
        retried.id,
        `messageId=${messageId}&limit=1${next ? `&cursor=${next}` : ''}`,
      );
      forward.push(...one.data.map((l) => l.id));
      next = one.meta.nextCursor;
    } while (next);
    expect(forward).toEqual(expected.map((l) => l.id));
    const combined = await listLogs(
      t,
      erin.token,
      retried.id,
      `messageId=${messageId}&status=FAILED&eventType=ACCOUNT_CREATED`,
    );
    expect(combined.data).toHaveLength(3);

    // Another subscription's message, an unknown one and a malformed one match nothing here.
    for (const id of [otherLog!.messageId, 'msg_01JAAAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const none = await listLogs(t, erin.token, retried.id, `messageId=${id}`);
      expect(none.data, id).toEqual([]);
      expect(none.meta.nextCursor).toBeNull();
    }
    // And another customer cannot reach the subscription at all.
    expectProblem(
      await t.as(bob.token, {
        method: 'GET',
        url: `/v1/subscriptions/${retried.id}/executionLogs?messageId=${messageId}`,
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('logs httpStatus 0 and the error when nothing answers, or not in time', async () => {
    const carol = await t.customer('Carol');
    const hanging = await startReceiver(() => ({ hang: true }));
    others.push(hanging);
    const refused = await createSubscription(t, carol.token, {
      url: `${REFUSING_URL}/gone`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const slow = await createSubscription(t, carol.token, {
      url: `${hanging.url}/slow`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await openAccount(t, carol.token);
    const [refusedLog] = await waitForLogs(t, carol.token, refused.id, 1);
    const [slowLog] = await waitForLogs(t, carol.token, slow.id, 1);
    expect(await getLog(t, carol.token, refused.id, refusedLog!.id)).toMatchObject({
      status: 'FAILED',
      httpStatus: 0,
      responseBody: null,
      error: expect.stringMatching(/ECONNREFUSED/) as string,
    });
    expect(slowLog).toMatchObject({ status: 'FAILED', httpStatus: 0 });
    expect(slowLog!.error).toMatch(/timeout/i);
    expect(slowLog!.durationMs).toBeGreaterThanOrEqual(450);
  });
});
