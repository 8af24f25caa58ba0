import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { formatAmount } from '../../src/lib/money.js';
import { formatRate } from '../../src/lib/rate.js';
import { priceOrder, type OrderPrice } from '../../src/pricing/pricing.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, balancesOf } from '../helpers/operations.js';
import {
  eventTypesOf,
  ledgerBalance,
  placedOrder,
  postOrder,
  sandboxOrderPrice,
  tradingAccount,
  type OrderOperationBody,
} from '../helpers/orders.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount } from '../helpers/world.js';

// Issue 8 points 4, 7, 9: a MARKET order fills at once at the current sandbox price, in one
// journal with its fee; every refusal moves nothing and stores nothing.
describe.each(ENGINES)('market orders on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: {
        COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
        COFRE_FEES: '{"ORDER":{"percentage":"0.5","fixed":{"BRL":"0.10"}}}',
      },
    });
  });
  afterAll(() => t.close());

  const expected = async (side: 'BUY' | 'SELL', amount: bigint) => {
    const price = await sandboxOrderPrice(side, 'USDT', 'BRL', clock.now());
    const fee = t.config.exchange.fees.ORDER;
    const priced = priceOrder({ side, baseAsset: 'USDT', quoteAsset: 'BRL', amount, price, fee });
    if (priced.kind !== 'priced') throw new Error(priced.kind);
    return { price, priced: priced as OrderPrice };
  };

  const system = async () => ({
    fees: await ledgerBalance(t, 'sys_fees', 'BRL'),
    brl: await ledgerBalance(t, 'sys_exchange', 'BRL'),
    usdt: await ledgerBalance(t, 'sys_exchange', 'USDT'),
  });

  const statementOf = async (token: string, accountId: string, operationId: string) => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/statement?limit=100`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{
        data: { operationId: string | null; direction: string; amount: string; asset: string }[];
      }>()
      .data.filter((e) => e.operationId === operationId)
      .map(({ direction, amount, asset }) => ({ direction, amount, asset }))
      .sort((a, b) => a.asset.localeCompare(b.asset));
  };

  it('a MARKET BUY moves exactly what priceOrder says, fee to sys_fees, COMPLETED at once', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '1000.00' });
    const before = await system();
    const { price, priced } = await expected('BUY', 10_000_000n);
    const res = await postOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '10.000000',
      description: 'Treasury top-up',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderOperationBody>();
    expect(res.headers.location).toBe(`/v1/operations/${order.id}`);
    const feeTotal = priced.fees.reduce((sum, line) => sum + line.amount, 0n);
    expect(feeTotal).toBeGreaterThan(0);
    expect(order).toMatchObject({
      type: 'ORDER',
      status: 'COMPLETED',
      accountId,
      asset: 'USDT',
      amount: '10.000000',
      side: 'BUY',
      orderType: 'MARKET',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      limitPrice: null,
      expiresAt: null,
      executedPrice: formatRate(price),
      notional: formatAmount(priced.notional, 'BRL'),
      fees: priced.fees.map((l) => ({ ...l, amount: formatAmount(l.amount, 'BRL') })),
      description: 'Treasury top-up',
      reason: null,
    });
    expect(order.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      {
        asset: 'BRL',
        available: formatAmount(100_000n - priced.spend.amount, 'BRL'),
        pending: '0.00',
      },
      { asset: 'USDT', available: '10.000000', pending: '0.000000' },
    ]);
    expect(await statementOf(token, accountId, order.id)).toEqual([
      { direction: 'DEBIT', amount: formatAmount(priced.spend.amount, 'BRL'), asset: 'BRL' },
      { direction: 'CREDIT', amount: '10.000000', asset: 'USDT' },
    ]);
    const after = await system();
    expect(after.fees.available - before.fees.available).toBe(feeTotal);
    expect(after.brl.available - before.brl.available).toBe(priced.notional);
    expect(after.usdt.available - before.usdt.available).toBe(-10_000_000n);
    expect(await eventTypesOf(t, order.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('a MARKET SELL receives notional less the fee', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { USDT: '50.000000' });
    clock.advance(7_000); // another point of the price curve
    const before = await system();
    const { price, priced } = await expected('SELL', 20_500_000n);
    const order = await placedOrder(t, token, {
      accountId,
      side: 'SELL',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '20.5',
    });
    expect(order).toMatchObject({
      status: 'COMPLETED',
      executedPrice: formatRate(price),
      notional: formatAmount(priced.notional, 'BRL'),
    });
    expect(priced.receive.amount).toBe(
      priced.notional - priced.fees.reduce((sum, line) => sum + line.amount, 0n),
    );
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: formatAmount(priced.receive.amount, 'BRL') },
      { asset: 'USDT', available: '29.500000' },
    ]);
    expect(await statementOf(token, accountId, order.id)).toEqual([
      { direction: 'CREDIT', amount: formatAmount(priced.receive.amount, 'BRL'), asset: 'BRL' },
      { direction: 'DEBIT', amount: '20.500000', asset: 'USDT' },
    ]);
    const after = await system();
    expect(after.usdt.available - before.usdt.available).toBe(20_500_000n);
    expect(after.brl.available - before.brl.available).toBe(-priced.notional);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  const eventCount = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses an order the balance does not cover with 422, nothing moved or stored', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '10.00', USDT: '1.000000' });
    const before = await balancesOf(t, token, accountId);
    const events = await eventCount();
    const base = { accountId, baseAsset: 'USDT', quoteAsset: 'BRL', type: 'MARKET' };
    expectProblem(
      await postOrder(t, token, { ...base, side: 'BUY', amount: '2' }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expectProblem(
      await postOrder(t, token, { ...base, side: 'SELL', amount: '1.000001' }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expectProblem(
      await postOrder(t, token, {
        ...base,
        side: 'BUY',
        type: 'LIMIT',
        amount: '2',
        limitPrice: '5.5',
      }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expect(await balancesOf(t, token, accountId)).toEqual(before);
    const list = await t.as(token, { method: 'GET', url: '/v1/operations?type=ORDER' });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    expect(await eventCount()).toBe(events);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('validates the order: assets, amounts, MARKET vs LIMIT fields', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    const market = {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '1',
    };
    const same = expectProblem(
      await postOrder(t, token, { ...market, quoteAsset: 'USDT' }),
      400,
      'INVALID_DATA',
    );
    expect(same.errors).toMatchObject([{ pointer: '/quoteAsset', code: 'SAME_ASSET' }]);
    const limitOnMarket = expectProblem(
      await postOrder(t, token, { ...market, limitPrice: '5' }),
      400,
      'INVALID_DATA',
    );
    expect(limitOnMarket.errors).toMatchObject([{ pointer: '/limitPrice' }]);
    const noLimit = expectProblem(
      await postOrder(t, token, { ...market, type: 'LIMIT' }),
      400,
      'INVALID_DATA',
    );
    expect(noLimit.errors).toMatchObject([{ pointer: '/limitPrice', code: 'REQUIRED' }]);
    const late = expectProblem(
      await postOrder(t, token, {
        ...market,
        type: 'LIMIT',
        limitPrice: '5',
        expiresAt: new Date(clock.now() + 31 * 86_400_000).toISOString(),
      }),
      400,
      'INVALID_DATA',
    );
    expect(late.errors).toMatchObject([{ pointer: '/expiresAt', code: 'OUT_OF_RANGE' }]);
    const btc = expectProblem(
      await postOrder(t, token, { ...market, baseAsset: 'BTC' }),
      422,
      'ASSET_NOT_ENABLED',
    );
    expect(btc.errors).toMatchObject([{ pointer: '/baseAsset' }]);
    expectProblem(
      await postOrder(t, token, { ...market, amount: '1.0000001' }),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
    expectProblem(
      await postOrder(t, token, { ...market, side: 'SELL', amount: '0.000001' }),
      422,
      'AMOUNT_TOO_SMALL',
    );
    expectProblem(
      await postOrder(t, token, { ...market, type: 'LIMIT', limitPrice: '999999999999' }),
      400,
      'AMOUNT_TOO_LARGE',
    );
    expectProblem(
      await postOrder(t, token, { ...market, accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('refuses an account whose quote asset is not ACTIVE yet', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      name: 'FAIL_ONBOARDING_USDT',
    });
    const res = await postOrder(t, token, {
      accountId,
      side: 'SELL',
      baseAsset: 'BRL',
      quoteAsset: 'USDT',
      type: 'MARKET',
      amount: '1.00',
    });
    expectProblem(res, 422, 'ACCOUNT_NOT_ACTIVE');
  });
});
