import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCounter } from '../helpers/query-counter.js';
import { openSse, type SseConnection } from '../helpers/sse-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { openAccount, type Customer } from '../helpers/webhook-api.js';

/** The streams' safety poll here: far longer than any test, so only a wake-up delivers. */
const NEVER_POLL = { COFRE_LISTEN_POLL_MS: '600000' };
/** How long a delivery may take once woken: a bound for a loaded machine, not a speed claim. */
const DELIVERED_WITHIN_MS = 10_000;
/** An idle window of several of the old 250 ms polls. */
const IDLE_MS = 1_200;

interface StreamMessage {
  messageId: string;
  attempt: number;
  trigger: string;
}

const urlOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

// Issue 23 point 3: every stream read the database every 250 ms, idle or not.
describe.each(ENGINES)('listen streams woken by notification on %s', (engine) => {
  const reads = new ReadCounter('messages');
  let t: TestApp;
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {
      // Fan-out runs in this process's worker, as in `cofre serve`.
      worker: true,
      appDb: reads.wrap,
      env: {
        ...NEVER_POLL,
        COFRE_SANDBOX_STEP_DELAY_MS: '3600000',
        COFRE_WEBHOOK_RETRY_DELAY_MS: '1500',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const listen = async (customer: Customer, body: Record<string, unknown> = {}) => {
    const res = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/listen',
      payload: { events: ['ACCOUNT_CREATED'], ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const stream = async (at: TestApp, customer: Customer, subscriptionId: string) => {
    const s = await openSse(`${urlOf(at)}/v1/listen/${subscriptionId}/stream`, customer.token);
    streams.push(s);
    expect(s.status).toBe(200);
    await s.waitFor('ready', 1);
    return s;
  };
  const messages = async (s: SseConnection, count: number) =>
    (await s.waitFor('message', count, DELIVERED_WITHIN_MS)).map(
      (e) => JSON.parse(e.data) as StreamMessage,
    );
  const report = (customer: Customer, subscriptionId: string, body: Record<string, unknown>) =>
    t.as(customer.token, {
      method: 'POST',
      url: `/v1/listen/${subscriptionId}/results`,
      payload: { url: 'http://localhost:3000/hooks', durationMs: 5, ...body },
    });

  it('reads nothing while idle, and delivers a fanned-out message as soon as it is written', async () => {
    const customer = await t.customer();
    const s = await stream(t, customer, await listen(customer));
    const before = reads.count;
    await sleep(IDLE_MS);
    expect(reads.count - before).toBe(0);
    await openAccount(t, customer.token);
    const [message] = await messages(s, 1);
    expect(message).toMatchObject({ attempt: 0, trigger: 'AUTOMATIC' });
    // The counter does see the stream's reads: the wake-up's.
    expect(reads.count).toBeGreaterThan(before);
  });

  it('sends the next message when a result is recorded, and a retry when it falls due', async () => {
    const customer = await t.customer();
    const subscriptionId = await listen(customer, { allowRetry: true });
    const s = await stream(t, customer, subscriptionId);
    await openAccount(t, customer.token);
    await openAccount(t, customer.token);
    const [first] = await messages(s, 1);
    // One at a time: the second goes once the first is answered.
    const failed = await report(customer, subscriptionId, {
      messageId: first!.messageId,
      attempt: 0,
      status: 503,
    });
    expect(failed.json()).toMatchObject({ recorded: true, messageStatus: 'PENDING' });
    const [, second] = await messages(s, 2);
    await report(customer, subscriptionId, {
      messageId: second!.messageId,
      attempt: 0,
      status: 200,
    });
    // Nothing wakes the stream for the retry but its own timer, set from what it read.
    const [, , retry] = await messages(s, 3);
    expect(retry).toMatchObject({ messageId: first!.messageId, attempt: 1, trigger: 'RETRY' });
  });

  it('streams held messages on resume and says gone on delete, each at once', async () => {
    const customer = await t.customer();
    const subscriptionId = await listen(customer);
    const patch = (status: string) =>
      t.as(customer.token, {
        method: 'PATCH',
        url: `/v1/subscriptions/${subscriptionId}`,
        payload: { status },
      });
    expect((await patch('PAUSED')).statusCode).toBe(200);
    const s = await stream(t, customer, subscriptionId);
    await openAccount(t, customer.token);
    expect((await patch('ACTIVE')).statusCode).toBe(200);
    await messages(s, 1);
    const deleted = await t.as(customer.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${subscriptionId}`,
    });
    expect(deleted.statusCode).toBe(204);
    await s.waitFor('gone', 1, DELIVERED_WITHIN_MS);
    await s.ended;
  });

  it('ends its streams as soon as the server closes, so their clients reconnect elsewhere', async () => {
    const other = await createTestApp(engine, { database: t.database, env: NEVER_POLL });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const customer = await t.customer();
    const s = await stream(other, customer, await listen(customer));
    const closed = other.close();
    await s.ended;
    expect(s.events.map((e) => e.event)).toEqual(['ready']);
    await closed;
  });

  it.runIf(engine === 'postgres')(
    'wakes a stream served by another process when a fan-out or a result commits there',
    async () => {
      // Another API process on the same database, with no worker: only NOTIFY reaches it.
      const other = await createTestApp(engine, { database: t.database, env: NEVER_POLL });
      try {
        await other.app.listen({ port: 0, host: '127.0.0.1' });
        const customer = await t.customer();
        const subscriptionId = await listen(customer);
        const s = await stream(other, customer, subscriptionId);
        await openAccount(t, customer.token);
        await openAccount(t, customer.token);
        const [first] = await messages(s, 1);
        // Reported to this process; the stream is served by the other.
        const res = await report(customer, subscriptionId, {
          messageId: first!.messageId,
          attempt: 0,
          status: 200,
        });
        expect(res.json()).toMatchObject({ recorded: true });
        const [, second] = await messages(s, 2);
        expect(second!.messageId > first!.messageId).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
