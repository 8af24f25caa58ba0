import { describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { ASKED_AT, OPENED_AT, useDatedAccount } from '../helpers/dated-ledger.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';

const brl = (available: string, pending: string, total: string) => ({
  asset: 'BRL',
  available,
  pending,
  total,
});
const usdt = (available: string) => ({
  asset: 'USDT',
  available,
  pending: '0.000000',
  total: available,
});

describe.each(ENGINES)('balances at a point in time on %s', (engine) => {
  const { t, alice } = useDatedAccount(engine);

  const at = (instant: string, token = alice.token) =>
    t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${alice.accountId}/balances?at=${encodeURIComponent(instant)}`,
    });
  const iso = (msAfterOpening: number) => toIso(OPENED_AT + msAfterOpening);

  it('answers every asset as it stood at the instant, entries booked at that instant included', async () => {
    const cases: [number, object[]][] = [
      [999, [usdt('0.000000'), brl('0.00', '0.00', '0.00')]],
      [1000, [usdt('0.000000'), brl('100.00', '0.00', '100.00')]],
      [1999, [usdt('0.000000'), brl('100.00', '0.00', '100.00')]],
      [2000, [usdt('1.000000'), brl('150.00', '0.00', '150.00')]],
      // A hold moves money from available to pending; the total does not change.
      [3000, [usdt('1.000000'), brl('120.00', '30.00', '150.00')]],
      [4000, [usdt('1.000000'), brl('150.00', '0.00', '150.00')]],
      [5500, [usdt('1.000000'), brl('130.00', '20.00', '150.00')]],
      // A captured hold leaves from pending.
      [6000, [usdt('1.000000'), brl('130.00', '0.00', '130.00')]],
    ];
    for (const [ms, data] of cases) {
      const res = await at(iso(ms));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), `at +${ms} ms`).toEqual({ at: iso(ms), data });
    }
  });

  it('reads any time-zone offset, and a fraction finer than milliseconds, as the same instant', async () => {
    // OPENED_AT is 12:00 UTC, 09:00 in São Paulo.
    const res = await at('2026-11-01T09:00:03.000999-03:00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      at: iso(3000),
      data: [usdt('1.000000'), brl('120.00', '30.00', '150.00')],
    });
    const leap = await at('2016-12-31T23:59:60Z');
    expect(leap.statusCode, leap.body).toBe(200);
    expect(leap.json().at).toBe('2016-12-31T23:59:59.999Z');
  });

  it('answers zeros for an instant before the account existed', async () => {
    const res = await at('2020-01-01T00:00:00Z');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      at: '2020-01-01T00:00:00.000Z',
      data: [usdt('0.000000'), brl('0.00', '0.00', '0.00')],
    });
  });

  it('answers at now what the balances answer without at, which stays as it was', async () => {
    const now = await t.as(alice.token, {
      method: 'GET',
      url: `/v1/accounts/${alice.accountId}/balances`,
    });
    expect(Object.keys(now.json())).toEqual(['data']);
    const res = await at(toIso(ASKED_AT));
    expect(res.json()).toEqual({ at: toIso(ASKED_AT), data: now.json().data });
  });

  it('refuses an instant without a time zone, a malformed one and a future one with 400 pointing at at', async () => {
    for (const instant of [
      '2026-11-01T12:00:00',
      '2026-11-01',
      'yesterday',
      '2026-11-31T00:00:00Z',
    ]) {
      const problem = expectProblem(await at(instant), 400, 'INVALID_DATA');
      expect(problem.errors, instant).toEqual([
        expect.objectContaining({ pointer: '/at', in: 'query' }),
      ]);
    }
    const future = expectProblem(await at(toIso(ASKED_AT + 1)), 400, 'INVALID_DATA');
    expect(future.errors).toEqual([
      expect.objectContaining({ pointer: '/at', in: 'query', code: 'OUT_OF_RANGE' }),
    ]);
  });

  it("is 404 for another customer's account, whatever the instant", async () => {
    const bob = await t.customer('Bob');
    expectProblem(await at(iso(3000), bob.token), 404, 'RESOURCE_NOT_FOUND');
  });
});
