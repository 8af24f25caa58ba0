import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../../src/config/load-config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { openSse, type SseConnection } from '../helpers/sse-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

/** COFRE_CLIENT_CACHE_TTL_MS here: how long any request may still pass after a client changes. */
const CLIENT_CACHE_TTL_MS = 5_000;
/**
 * docs/api.md "Authentication": a stream re-checks its token every second, so it ends within the
 * TTL (moved on the manual clock here) plus one second; the rest is slack for a loaded machine.
 */
const RECHECK_BOUND_MS = 1_000 + 4_000;

// Issue 23 point 1: a long-lived stream outlived its credential (checked only when it opened).
describe.each(ENGINES)('a listen stream whose credential is refused on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  let t: TestApp;
  let base: string;
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      env: { ...ADMIN_ENV, COFRE_CLIENT_CACHE_TTL_MS: String(CLIENT_CACHE_TTL_MS) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  /** A customer with a listen subscription and a stream of it, ready. */
  const listening = async () => {
    const customer = await t.customer();
    const res = await t.as(customer.token, { method: 'POST', url: '/v1/listen', payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const subscriptionId = res.json<{ id: string }>().id;
    const stream = await open(customer.token, subscriptionId);
    expect(stream.status).toBe(200);
    await stream.waitFor('ready', 1);
    return { customer, subscriptionId, stream };
  };
  const open = async (token: string, subscriptionId: string) => {
    const s = await openSse(`${base}/v1/listen/${subscriptionId}/stream`, token);
    streams.push(s);
    return s;
  };
  /** The stream's last event says why it ended, as the auth hook would answer, and it closes. */
  const endsUnauthorized = async (stream: SseConnection, code: string) => {
    const [event] = await stream.waitFor('unauthorized', 1, RECHECK_BOUND_MS);
    expect(JSON.parse(event!.data)).toMatchObject({ status: 401, code });
    await stream.ended;
    expect(stream.events.at(-1)?.event).toBe('unauthorized');
  };

  it('ends the stream once the client is disabled, and the token no longer opens one', async () => {
    const { customer, subscriptionId, stream } = await listening();
    const disabled = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${customer.clientId}/disable`,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    clock.advance(CLIENT_CACHE_TTL_MS);
    await endsUnauthorized(stream, 'INVALID_ACCESS_TOKEN');
    expectProblem(
      await t.as(customer.token, { method: 'GET', url: '/v1/accounts' }),
      401,
      'INVALID_ACCESS_TOKEN',
    );
    const again = await open(customer.token, subscriptionId);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.events[0]!.data)).toMatchObject({ code: 'INVALID_ACCESS_TOKEN' });
  });

  it("ends the stream once the client's secret is rotated, and the old token no longer opens one", async () => {
    const { customer, subscriptionId, stream } = await listening();
    const rotated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${customer.clientId}/rotateSecret`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    clock.advance(CLIENT_CACHE_TTL_MS);
    await endsUnauthorized(stream, 'INVALID_ACCESS_TOKEN');
    const again = await open(customer.token, subscriptionId);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.events[0]!.data)).toMatchObject({ code: 'INVALID_ACCESS_TOKEN' });
    // The new secret's token streams again.
    const fresh = await t.token({
      ...customer,
      clientSecret: rotated.json<{ clientSecret: string }>().clientSecret,
    });
    const renewed = await open(fresh, subscriptionId);
    expect(renewed.status).toBe(200);
    await renewed.waitFor('ready', 1);
    renewed.close();
  });

  it('ends the stream when its token expires, and the expired token no longer opens one', async () => {
    const { customer, subscriptionId, stream } = await listening();
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000);
    await endsUnauthorized(stream, 'EXPIRED_ACCESS_TOKEN');
    const again = await open(customer.token, subscriptionId);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.events[0]!.data)).toMatchObject({ code: 'EXPIRED_ACCESS_TOKEN' });
  });

  it('keeps the stream of a client that stays valid', async () => {
    const { customer, stream } = await listening();
    const other = await listening();
    await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${other.customer.clientId}/disable`,
    });
    clock.advance(CLIENT_CACHE_TTL_MS);
    await endsUnauthorized(other.stream, 'INVALID_ACCESS_TOKEN');
    // The first customer's stream went through the same re-checks and is still open.
    expect(stream.events.map((e) => e.event)).toEqual(['ready']);
    expect((await t.as(customer.token, { method: 'GET', url: '/v1/accounts' })).statusCode).toBe(
      200,
    );
  });
});
