import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../helpers/sse-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitUntil } from '../helpers/wait-for.js';
import type { Customer } from '../helpers/webhook-api.js';

const PER_CUSTOMER = 2;

// Issue 23 point 3: 2,000 concurrent streams of one token were all accepted.
describe.each(ENGINES)('listen stream limits on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER: String(PER_CUSTOMER) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const subscribe = async (customer: Customer) => {
    const res = await t.as(customer.token, { method: 'POST', url: '/v1/listen', payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const open = async (customer: Customer, subscriptionId: string, at = base) => {
    const s = await openSse(`${at}/v1/listen/${subscriptionId}/stream`, customer.token);
    streams.push(s);
    return s;
  };
  const ready = async (customer: Customer, subscriptionId: string, at = base) => {
    const s = await open(customer, subscriptionId, at);
    expect(s.status).toBe(200);
    await s.waitFor('ready', 1);
    return s;
  };
  const problemOf = (s: SseConnection) => JSON.parse(s.events[0]!.data) as { code: string };
  it("refuses a customer's stream past its limit with 429 and Retry-After, another customer's still opens, and a closed stream frees its slot", async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const subs = [await subscribe(alice), await subscribe(alice), await subscribe(alice)];
    const first = await ready(alice, subs[0]!);
    const second = await ready(alice, subs[1]!);
    const refused = await open(alice, subs[2]!);
    expect(refused.status).toBe(429);
    expect(refused.contentType).toMatch(/^application\/problem\+json/);
    expect(problemOf(refused)).toMatchObject({ status: 429, code: 'TOO_MANY_STREAMS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const bobs = await ready(bob, await subscribe(bob));

    first.close();
    // The server frees the slot once it sees the connection go; until then the next is refused.
    const third = await waitUntil('a freed slot', async () => {
      const s = await open(alice, subs[2]!);
      if (s.status !== 200) expect(s.status).toBe(429);
      return s.status === 200 ? s : undefined;
    });
    await third.waitFor('ready', 1);
    for (const s of [second, third, bobs]) s.close();
  });

  it('refuses a stream past the process-wide limit with 503 and Retry-After', async () => {
    // A second API process on the same database, with room for 3 streams of anyone.
    const small = await createTestApp(engine, {
      database: t.database,
      env: { COFRE_LISTEN_MAX_STREAMS: '3' },
    });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
      const [erin, frank] = [await t.customer('Erin'), await t.customer('Frank')];
      await ready(erin, await subscribe(erin), at);
      await ready(erin, await subscribe(erin), at);
      await ready(frank, await subscribe(frank), at);
      const grace = await t.customer('Grace');
      const refused = await open(grace, await subscribe(grace), at);
      expect(refused.status).toBe(503);
      expect(problemOf(refused)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The limits count per process: this one still has room for Grace.
      await ready(grace, await subscribe(grace));
    } finally {
      await small.close();
    }
  });

  it('lets a new connection for the same subscription replace the open one, within the limit', async () => {
    const carol = await t.customer('Carol');
    const subs = [await subscribe(carol), await subscribe(carol)];
    const other = await ready(carol, subs[1]!);
    const old = await ready(carol, subs[0]!);
    // At her limit, yet a connection for a subscription she already streams is accepted.
    const fresh = await ready(carol, subs[0]!);
    await old.waitFor('replaced', 1);
    await old.ended;
    expect(fresh.events.map((e) => e.event)).toEqual(['ready']);
    const refused = await open(carol, await subscribe(carol));
    expect(refused.status).toBe(429);
    for (const s of [fresh, other]) s.close();
  });

  it('frees the slot of a stream whose subscription is deleted', async () => {
    const dave = await t.customer('Dave');
    const subs = [await subscribe(dave), await subscribe(dave), await subscribe(dave)];
    const kept = await ready(dave, subs[0]!);
    const deleted = await ready(dave, subs[1]!);
    const del = await t.as(dave.token, { method: 'DELETE', url: `/v1/subscriptions/${subs[1]}` });
    expect(del.statusCode).toBe(204);
    await deleted.waitFor('gone', 1);
    await deleted.ended;
    const third = await ready(dave, subs[2]!);
    for (const s of [kept, third]) s.close();
  });
});
