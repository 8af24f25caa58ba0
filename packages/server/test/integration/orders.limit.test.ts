import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { formatAmount } from '../../src/lib/money.js';
import { formatRate } from '../../src/lib/rate.js';
import { priceOrder, type OrderSide } from '../../src/pricing/pricing.js';
import { SANDBOX_PERIOD_MS } from '../../src/pricing/sandbox-rates.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, balancesOf, postDeposit, type OperationBody } from '../helpers/operations.js';
import {
  cancelOrder,
  eventTypesOf,
  getOrder,
  placedOrder,
  sandboxOrderPrice,
  tradingAccount,
} from '../helpers/orders.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

const CHECK_MS = 1_000;

// Issue 8 points 4, 8, 9: a LIMIT order holds what it may spend, stays PROCESSING, and fills at
// its limitPrice when the sandbox price curve crosses it, expires, or is cancelled.
describe.each(ENGINES)('limit orders on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: {
        COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
        COFRE_ORDER_CHECK_INTERVAL_MS: String(CHECK_MS),
        COFRE_FEES: '{"ORDER":{"percentage":"0.5"}}',
      },
    });
  });
  afterAll(() => t.close());

  const price = (side: OrderSide, at: number) => sandboxOrderPrice(side, 'USDT', 'BRL', at);
  /** The customer's worst price of the coming period: BUY the highest, SELL the lowest. */
  const worstAhead = async (side: OrderSide) => {
    let worst = { at: clock.now(), price: await price(side, clock.now()) };
    for (let at = clock.now(); at < clock.now() + SANDBOX_PERIOD_MS; at += CHECK_MS) {
      const p = await price(side, at);
      if (side === 'BUY' ? p > worst.price : p < worst.price) worst = { at, price: p };
    }
    return worst;
  };
  /** One check interval on, with the checks that fall due. */
  const tick = async () => {
    clock.advance(CHECK_MS);
    await runDueJobs(t);
  };

  it.each(['BUY', 'SELL'] as const)(
    'a %s limit holds, stays PROCESSING, then fills at limitPrice when the price crosses it',
    async (side) => {
      const { token } = await t.customer();
      const accountId = await tradingAccount(t, clock, token, {
        BRL: '1000.00',
        USDT: '100.000000',
      });
      // Place at the customer's worst price of the curve; the limit is the price ten checks on,
      // so it cannot cross before the curve has moved there.
      clock.set((await worstAhead(side)).at);
      const placedAt = clock.now();
      let fillAt = placedAt + 10 * CHECK_MS;
      const limit = await price(side, fillAt);
      for (let at = placedAt + CHECK_MS; at < fillAt; at += CHECK_MS) {
        const p = await price(side, at);
        if (side === 'BUY' ? p <= limit : p >= limit) fillAt = at; // the first crossing
        if (fillAt === at) break;
      }
      const fee = t.config.exchange.fees.ORDER;
      const priced = priceOrder({
        side,
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        amount: 10_000_000n,
        price: limit,
        fee,
      });
      if (priced.kind !== 'priced') throw new Error(priced.kind);
      const order = await placedOrder(t, token, {
        accountId,
        side,
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        type: 'LIMIT',
        amount: '10',
        limitPrice: formatRate(limit),
      });
      expect(order).toMatchObject({
        status: 'PROCESSING',
        orderType: 'LIMIT',
        limitPrice: formatRate(limit),
        expiresAt: new Date(placedAt + 86_400_000).toISOString(),
        executedPrice: null,
        notional: formatAmount(priced.notional, 'BRL'),
      });
      expect(order.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING']);
      const held = side === 'BUY' ? 'BRL' : 'USDT';
      const heldAmount = formatAmount(priced.spend.amount, held);
      expect((await balancesOf(t, token, accountId)).find((b) => b.asset === held)).toMatchObject({
        pending: heldAmount,
      });
      while (clock.now() + CHECK_MS < fillAt) {
        await tick();
        expect((await getOrder(t, token, order.id)).status).toBe('PROCESSING');
      }
      await tick();
      const filled = await getOrder(t, token, order.id);
      expect(filled).toMatchObject({
        status: 'COMPLETED',
        executedPrice: formatRate(limit),
        notional: formatAmount(priced.notional, 'BRL'),
      });
      expect(filled.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
      expect(filled.states[2]!.at).toBe(new Date(fillAt).toISOString());
      expect(await balancesOf(t, token, accountId)).toMatchObject(
        side === 'BUY'
          ? [
              {
                asset: 'BRL',
                available: formatAmount(100_000n - priced.spend.amount, 'BRL'),
                pending: '0.00',
              },
              { asset: 'USDT', available: '110.000000', pending: '0.000000' },
            ]
          : [
              {
                asset: 'BRL',
                available: formatAmount(100_000n + priced.receive.amount, 'BRL'),
                pending: '0.00',
              },
              { asset: 'USDT', available: '90.000000', pending: '0.000000' },
            ],
      );
      expect(await eventTypesOf(t, order.id)).toEqual([
        'OPERATION_REQUESTED',
        'OPERATION_COMPLETED',
      ]);
      // No check is left behind.
      clock.advance(60_000);
      expect(await runDueJobs(t)).toBe(0);
      expect(await verifyLedger(t.handle.db)).toEqual([]);
    },
  );

  it('expires at expiresAt: FAILED ORDER_EXPIRED, hold released', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    const expiresAt = new Date(clock.now() + 3_500).toISOString();
    const order = await placedOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'LIMIT',
      amount: '10',
      limitPrice: '1', // far below any sandbox price
      expiresAt,
    });
    expect(order.expiresAt).toBe(expiresAt);
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '89.95',
      pending: '10.05',
    });
    for (let i = 0; i < 3; i += 1) await tick();
    expect((await getOrder(t, token, order.id)).status).toBe('PROCESSING');
    clock.advance(500);
    await runDueJobs(t);
    const expired = await getOrder(t, token, order.id);
    expect(expired).toMatchObject({ status: 'FAILED', reason: { code: 'ORDER_EXPIRED' } });
    expect(expired.states.at(-1)!.at).toBe(expiresAt);
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '100.00',
      pending: '0.00',
    });
    expect(await eventTypesOf(t, order.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    expectProblem(await cancelOrder(t, token, order.id), 409, 'INVALID_STATE');
    clock.advance(60_000);
    expect(await runDueJobs(t)).toBe(0);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('a limit that already crosses fills at the first check, at its limitPrice', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    const order = await placedOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'LIMIT',
      amount: '1',
      limitPrice: '6.67',
    });
    expect(order.status).toBe('PROCESSING');
    await tick();
    expect(await getOrder(t, token, order.id)).toMatchObject({
      status: 'COMPLETED',
      executedPrice: '6.67',
      notional: '6.67',
    });
    // 6.67 + 0.5 % fee (0.03349… → 0.04, rounded up).
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '93.29',
      pending: '0.00',
    });
  });

  it('a limit price ending in 66 never fills (sandbox magic): open until cancelled', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    const order = await placedOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'LIMIT',
      amount: '1',
      limitPrice: '6.6600', // crosses every sandbox price, shown as "6.66"
    });
    expect(order.limitPrice).toBe('6.66');
    for (let i = 0; i < 40; i += 1) await tick(); // more than a whole price period
    expect((await getOrder(t, token, order.id)).status).toBe('PROCESSING');
    const cancelled = await cancelOrder(t, token, order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<OperationBody>()).toMatchObject({
      status: 'FAILED',
      reason: { code: 'CANCELLED_BY_CUSTOMER' },
    });
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '100.00',
      pending: '0.00',
    });
  });

  it('cancel: an open order once (hold released), 409 for anything else, 404 for others’', async () => {
    const { token } = await t.customer();
    const other = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    const base = { accountId, side: 'BUY', baseAsset: 'USDT', quoteAsset: 'BRL', amount: '1' };
    const open = await placedOrder(t, token, { ...base, type: 'LIMIT', limitPrice: '2' });
    const market = await placedOrder(t, token, { ...base, type: 'MARKET' });
    const deposit = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '5.00' });

    expectProblem(await cancelOrder(t, other.token, open.id), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await cancelOrder(t, token, 'op_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(await cancelOrder(t, token, 'not-an-id'), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(await cancelOrder(t, token, market.id), 409, 'INVALID_STATE');
    expectProblem(
      await cancelOrder(t, token, deposit.json<OperationBody>().id),
      409,
      'INVALID_STATE',
    );

    const res = await cancelOrder(t, token, open.id);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<OperationBody>();
    expect(cancelled).toMatchObject({
      id: open.id,
      status: 'FAILED',
      reason: { code: 'CANCELLED_BY_CUSTOMER', message: expect.any(String) as string },
    });
    expect(cancelled.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'FAILED']);
    expectProblem(await cancelOrder(t, token, open.id), 409, 'INVALID_STATE');
    await tick(); // the pending check finds it closed and does nothing
    expect((await getOrder(t, token, open.id)).status).toBe('FAILED');
    expect(await eventTypesOf(t, open.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
