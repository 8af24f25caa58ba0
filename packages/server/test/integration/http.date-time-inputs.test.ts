import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS } from '../helpers/operations.js';
import { postOrder, tradingAccount } from '../helpers/orders.js';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/**
 * Date-times every input must read alike (docs/api.md "General"): each is an RFC 3339 form the
 * schema's `date-time` format takes. The leap second 2016-12-31T23:59:60Z was taken by `?at=`,
 * `from` and `to` but refused by `createdAtFrom`, `since` and `expiresAt`; an offset `+00` was
 * taken by the schema and refused by all of them.
 */
const FORMS = [
  '2016-12-31T23:59:60Z',
  '2016-12-31T23:59:60.5z',
  '2016-12-31T20:59:60-03:00',
  '2016-12-31 23:00:00+00',
  '2016-12-31t23:00:00+0000',
];

describe.each(ENGINES)('a date-time in a request on %s', (engine) => {
  let token: string;
  let credentials: Awaited<ReturnType<TestApp['customer']>>;
  let accountId: string;
  let subscriptionId: string;
  // Half a day before the leap second: an order's expiresAt may be it.
  const clock = new ManualClock(Date.UTC(2016, 11, 31, 11, 0));

  const t = useTestApp(engine, {
    clock,
    env: {
      COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
    },
  });

  beforeAll(async () => {
    credentials = await t.customer();
    ({ token } = credentials);
    accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    const sub = await t.as(token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'http://127.0.0.1:8999/hooks', includeAll: true },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    subscriptionId = sub.json<{ id: string }>().id;
  });

  const expectTaken = (res: LightMyRequestResponse, label: string, status: number) =>
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(status);

  it('is taken in every form the format allows by an order expiresAt', async () => {
    for (const form of FORMS) {
      const res = await postOrder(t, token, {
        accountId,
        side: 'BUY',
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        type: 'LIMIT',
        amount: '1.00',
        limitPrice: '0.01',
        expiresAt: form,
      });
      expectTaken(res, `expiresAt ${form}`, 201);
      expect(res.json<{ expiresAt: string }>().expiresAt, form).toMatch(/^2016-12-31T23:/);
    }
  });

  it('is taken in every form by ?at=, from, to, createdAtFrom, createdAtTo and since', async () => {
    clock.set(Date.UTC(2017, 0, 1, 12));
    token = await t.token(credentials); // the first one expired meanwhile
    for (const form of FORMS) {
      const value = encodeURIComponent(form);
      for (const url of [
        `/v1/accounts/${accountId}/balances?at=${value}`,
        `/v1/accounts/${accountId}/statement?from=${value}`,
        `/v1/accounts/${accountId}/statement?to=${value}`,
        `/v1/operations?createdAtFrom=${value}`,
        `/v1/operations?createdAtTo=${value}`,
        `/v1/events?createdAtFrom=${value}`,
        `/v1/events?createdAtTo=${value}`,
      ]) {
        expectTaken(await t.as(token, { method: 'GET', url }), url, 200);
      }
      const recover = await t.as(token, {
        method: 'POST',
        url: `/v1/subscriptions/${subscriptionId}/recover`,
        payload: { since: form },
      });
      expectTaken(recover, `since ${form}`, 202);
    }
  });

  it('reads a leap second as the last millisecond of its minute, on every input alike', async () => {
    const at = (text: string) =>
      t.as(token, {
        method: 'GET',
        url: `/v1/accounts/${accountId}/balances?at=${encodeURIComponent(text)}`,
      });
    expect((await at('2016-12-31T23:59:60Z')).json<{ at: string }>().at).toBe(
      '2016-12-31T23:59:59.999Z',
    );
    // createdAtTo is exclusive: 23:59:60 keeps what was made at 23:59:59.998 and before.
    const page = (to: string) =>
      t.as(token, { method: 'GET', url: `/v1/operations?createdAtTo=${encodeURIComponent(to)}` });
    expect((await page('2016-12-31T23:59:60Z')).body).toBe(
      (await page('2016-12-31T23:59:59.999Z')).body,
    );
  });
});
