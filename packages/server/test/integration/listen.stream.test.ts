import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { openSse, type SseConnection } from '../helpers/sse-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV } from '../helpers/world.js';
import { waitUntil } from '../helpers/wait-for.js';
import {
  createSubscription,
  getLog,
  listLogs,
  openAccount,
  waitForLogs,
  type Customer,
} from '../helpers/webhook-api.js';

interface StreamMessage {
  messageId: string;
  attempt: number;
  trigger: string;
  eventId: string;
  eventType: string;
  sequence: number;
  headers: Record<string, string>;
  body: string;
  sentAt: number;
}

const LOCAL = 'http://localhost:3000/webhooks';

describe.each(ENGINES)('the cofre listen stream on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {
      // The worker runs too: it must leave listen messages alone.
      worker: true,
      env: {
        ...LOCAL_WEBHOOKS_ENV,
        COFRE_WEBHOOK_RETRY_DELAY_MS: '1500',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const createListen = async (customer: Customer, body: Record<string, unknown> = {}) => {
    const res = await t.as(customer.token, { method: 'POST', url: '/v1/listen', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{
      id: string;
      transport: string;
      url: string;
      resources: unknown[];
      secret: string;
    }>();
  };
  const stream = async (customer: Customer, subscriptionId: string) => {
    const s = await openSse(`${base}/v1/listen/${subscriptionId}/stream`, customer.token);
    streams.push(s);
    return s;
  };
  const messages = async (s: SseConnection, count: number) =>
    (await s.waitFor('message', count)).map((e) => JSON.parse(e.data) as StreamMessage);
  const report = (customer: Customer, subscriptionId: string, body: Record<string, unknown>) =>
    t.as(customer.token, {
      method: 'POST',
      url: `/v1/listen/${subscriptionId}/results`,
      payload: { url: LOCAL, durationMs: 5, ...body },
    });

  it('creates a listen subscription: transport listen, no URL, the events asked for', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer, { events: ['ACCOUNT_CREATED'] });
    expect(sub).toMatchObject({
      transport: 'listen',
      url: '',
      includeAll: false,
      resources: [{ name: 'ACCOUNT', includeAll: false, events: ['ACCOUNT_CREATED'] }],
      maxConcurrency: 1,
    });
    const got = await t.as(customer.token, { method: 'GET', url: `/v1/subscriptions/${sub.id}` });
    expect(got.json()).toMatchObject({ id: sub.id, transport: 'listen' });
    const all = await createListen(customer);
    expect(all).toMatchObject({ includeAll: true, resources: [] });
  });

  it('replays a creation sent again with the same Idempotency-Key', async () => {
    const customer = await t.customer();
    const send = () =>
      t.as(customer.token, {
        method: 'POST',
        url: '/v1/listen',
        payload: { events: ['ACCOUNT_CREATED'] },
        headers: { 'idempotency-key': 'listen-once' },
      });
    const first = await send();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses an unknown event type', async () => {
    const customer = await t.customer();
    const res = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/listen',
      payload: { events: ['NOPE'] },
    });
    expectProblem(res, 400, 'INVALID_DATA');
  });

  it('streams a due message with its delivery headers and records the reported answer', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer, { events: ['ACCOUNT_CREATED'] });
    const accountId = await openAccount(t, customer.token);
    const s = await stream(customer, sub.id);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    const [message] = await messages(s, 1);
    expect(message).toMatchObject({
      attempt: 0,
      trigger: 'AUTOMATIC',
      eventType: 'ACCOUNT_CREATED',
    });
    expect(JSON.parse(message!.body)).toMatchObject({
      type: 'ACCOUNT_CREATED',
      data: { id: accountId },
    });
    // Exactly the headers the worker would send (the stored ones, signature included).
    const row = await t.handle.db
      .selectFrom('messages')
      .select('headers')
      .where('id', '=', message!.messageId)
      .executeTakeFirstOrThrow();
    expect(message!.headers).toEqual(JSON.parse(row.headers));
    expect(message!.headers['x-message-id']).toBe(message!.messageId);
    expect(message!.headers['x-message-signature']).toMatch(/^v1=[0-9a-f]{64}/);
    // The subscription's first message: numbered 1, in the relay and in its headers.
    expect(message!.sequence).toBe(1);
    expect(message!.headers['x-message-sequence']).toBe('1');

    const res = await report(customer, sub.id, {
      messageId: message!.messageId,
      attempt: 0,
      status: 201,
      responseBody: 'é'.repeat(3000),
      durationMs: 37,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: true, messageStatus: 'SUCCEEDED' });
    const [log] = await waitForLogs(t, customer.token, sub.id, 1);
    expect(log).toMatchObject({
      messageId: message!.messageId,
      messageSequence: 1,
      url: LOCAL,
      httpStatus: 201,
      durationMs: 37,
      trigger: 'AUTOMATIC',
      status: 'SUCCESS',
    });
    const entry = await getLog(t, customer.token, sub.id, log!.id);
    expect(Buffer.byteLength(entry.responseBody ?? '')).toBe(4096);
    expect(entry.requestHeaders).toEqual(message!.headers);
    // A repeated report of the same attempt changes nothing.
    const again = await report(customer, sub.id, {
      messageId: message!.messageId,
      attempt: 0,
      status: 500,
    });
    expect(again.json()).toEqual({ recorded: false, messageStatus: 'SUCCEEDED' });
    expect((await listLogs(t, customer.token, sub.id)).data).toHaveLength(1);
    const health = await t.as(customer.token, {
      method: 'GET',
      url: `/v1/subscriptions/${sub.id}/health`,
    });
    expect(health.json()).toMatchObject({ pendingMessages: 0, consecutiveFailures: 0 });
  });

  it('relays standard-webhooks deliveries the stock verifier accepts, and logs the headers relayed', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer, {
      events: ['ACCOUNT_CREATED'],
      signatureFormat: 'standard-webhooks',
    });
    expect(sub.secret).toMatch(/^whsec_/);
    await openAccount(t, customer.token);
    const s = await stream(customer, sub.id);
    const [message] = await messages(s, 1);
    expect(message!.headers['webhook-id']).toBe(message!.messageId);
    expect(message!.headers['x-message-signature']).toBeUndefined();
    expect(message!.headers['x-message-sequence']).toBe(String(message!.sequence));
    // Signed when the stream sent it, with the subscription's secret: the unmodified library
    // accepts it (its 5-minute tolerance runs from its own clock; the test clock is real here).
    expect(() =>
      new StandardWebhook(sub.secret).verify(message!.body, message!.headers),
    ).not.toThrow();

    const res = await report(customer, sub.id, {
      messageId: message!.messageId,
      attempt: 0,
      status: 204,
      durationMs: 5,
      sentAt: message!.sentAt,
    });
    expect(res.json()).toEqual({ recorded: true, messageStatus: 'SUCCEEDED' });
    const [log] = await waitForLogs(t, customer.token, sub.id, 1);
    const entry = await getLog(t, customer.token, sub.id, log!.id);
    expect(entry.requestHeaders).toEqual(message!.headers);
  });

  it('sends an unanswered message again on the next connection, and the worker never sends it', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer, { events: ['ACCOUNT_CREATED'] });
    await openAccount(t, customer.token);
    const first = await stream(customer, sub.id);
    const [sent] = await messages(first, 1);
    first.close();
    await first.ended;
    const second = await stream(customer, sub.id);
    const [again] = await messages(second, 1);
    // The same attempt again (only the time it was signed at moves on).
    expect({ ...again, sentAt: 0 }).toEqual({ ...sent, sentAt: 0 });
    // Nothing attempted it meanwhile: no execution log, no job.
    expect((await listLogs(t, customer.token, sub.id)).data).toHaveLength(0);
    const jobs = await t.handle.db
      .selectFrom('jobs')
      .select('id')
      .where('subject_id', '=', sent!.messageId)
      .execute();
    expect(jobs).toHaveLength(0);
  });

  it('relays in order, one at a time, and sends a retry when it falls due', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer, { events: ['ACCOUNT_CREATED'], allowRetry: true });
    await openAccount(t, customer.token);
    await openAccount(t, customer.token);
    const s = await stream(customer, sub.id);
    const [first] = await messages(s, 1);
    // maxConcurrency 1: the second waits until the first is answered.
    const failed = await report(customer, sub.id, {
      messageId: first!.messageId,
      attempt: 0,
      status: 503,
      responseBody: 'down',
    });
    expect(failed.json()).toEqual({ recorded: true, messageStatus: 'PENDING' });
    const [, second] = await messages(s, 2);
    expect(second!.messageId > first!.messageId).toBe(true);
    await report(customer, sub.id, { messageId: second!.messageId, attempt: 0, status: 200 });
    // The retry falls due after the retry delay and comes on the same connection.
    const [, , retry] = await messages(s, 3);
    expect(retry).toMatchObject({ messageId: first!.messageId, attempt: 1, trigger: 'RETRY' });
    expect(retry!.headers).toEqual(first!.headers);
    await report(customer, sub.id, { messageId: first!.messageId, attempt: 1, status: 200 });
    const logs = await waitForLogs(t, customer.token, sub.id, 3);
    expect(logs.map((l) => [l.trigger, l.httpStatus]).reverse()).toEqual([
      ['AUTOMATIC', 503],
      ['AUTOMATIC', 200],
      ['RETRY', 200],
    ]);
  });

  it('holds messages while paused and streams them on resume, the worker sending none', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer, { events: ['ACCOUNT_CREATED'] });
    const patch = (status: string) =>
      t.as(customer.token, {
        method: 'PATCH',
        url: `/v1/subscriptions/${sub.id}`,
        payload: { status },
      });
    expect((await patch('PAUSED')).statusCode).toBe(200);
    await openAccount(t, customer.token);
    const s = await stream(customer, sub.id);
    await s.waitFor('ready', 1);
    // Resuming queues a job per held message (as for HTTP); the worker finishes each untouched.
    expect((await patch('ACTIVE')).statusCode).toBe(200);
    const [message] = await messages(s, 1);
    await waitUntil('the resume jobs finished', async () => {
      const jobs = await t.handle.db
        .selectFrom('jobs')
        .select('id')
        .where('subject_id', '=', message!.messageId)
        .execute();
      return jobs.length === 0 ? true : undefined;
    });
    expect((await listLogs(t, customer.token, sub.id)).data).toHaveLength(0);
    const row = await t.handle.db
      .selectFrom('messages')
      .select(['status', 'attempts'])
      .where('id', '=', message!.messageId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PENDING', attempts: 0 });
  });

  it("answers 404 for another customer's subscription and 409 for an HTTP one", async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const sub = await createListen(alice);
    const foreign = await stream(bob, sub.id);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.events[0]!.data)).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    const result = await report(bob, sub.id, { messageId: 'msg_x', attempt: 0, status: 200 });
    expectProblem(result, 404, 'RESOURCE_NOT_FOUND');
    const http = await createSubscription(t, alice.token, {
      url: 'http://127.0.0.1:47/hooks',
      includeAll: true,
    });
    const refused = await stream(alice, http.id);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.events[0]!.data)).toMatchObject({ code: 'INVALID_STATE' });
    // Its URL cannot be set, and resend/recover do not apply.
    const patch = await t.as(alice.token, {
      method: 'PATCH',
      url: `/v1/subscriptions/${sub.id}`,
      payload: { url: 'http://127.0.0.1:47/x' },
    });
    expectProblem(patch, 400, 'INVALID_DATA');
    const recover = await t.as(alice.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/recover`,
      payload: { since: new Date(Date.now() - 60_000).toISOString() },
    });
    expectProblem(recover, 409, 'INVALID_STATE');
  });

  it('ends the stream with a gone event when the subscription is deleted', async () => {
    const customer = await t.customer();
    const sub = await createListen(customer);
    const s = await stream(customer, sub.id);
    await s.waitFor('ready', 1);
    const del = await t.as(customer.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${sub.id}`,
    });
    expect(del.statusCode).toBe(204);
    await s.waitFor('gone', 1);
    await s.ended;
  });
});
