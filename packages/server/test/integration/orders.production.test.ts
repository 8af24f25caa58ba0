import { beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { Asset } from '../../src/lib/money.js';
import { parseRate } from '../../src/lib/rate.js';
import { setStoredRate } from '../../src/pricing/stored-rates.js';
import { ADMIN_ENV, operatorAction } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { balancesOf } from '../helpers/operations.js';
import {
  eventTypesOf,
  getOrder,
  placedOrder,
  postOrder,
  type OrderOperationBody,
} from '../helpers/orders.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { operatorFundedAccount, useTestApp } from '../helpers/world.js';

const CHECK_MS = 1_000;

// Issue 8 point 4 in production: prices are the back-office's stored rates, the same check job
// fills or expires limit orders, and the back-office's operation complete / fail mean "fill at
// limitPrice" / "fail, hold released". No sandbox magic: a price ending in 66 fills.
describe.each(ENGINES)('orders in production on %s', (engine) => {
  let token: string;

  const clock = new ManualClock();
  const t = useTestApp(engine, {
    clock,
    env: {
      ...ADMIN_ENV,
      COFRE_ENVIRONMENT: 'production',
      COFRE_ORDER_CHECK_INTERVAL_MS: String(CHECK_MS),
    },
  });

  beforeAll(async () => {
    token = (await t.customer('Alice')).token;
  });

  const setRate = (base: Asset, quote: Asset, rate: string) =>
    transact(t.handle.db, (tx) =>
      setStoredRate(tx.trx, { base, quote, rate: parseRate(rate)!, at: clock.now() }),
    );

  /** BRL and USDT activated by the operator, 1000.00 BRL received through the back-office. */
  const fundedAccount = () =>
    operatorFundedAccount(t, token, ['BRL', 'USDT'], [{ asset: 'BRL', amount: '1000.00' }]);
  const limitBuy = (accountId: string, limitPrice: string) =>
    placedOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'LIMIT',
      amount: '10',
      limitPrice,
    });
  const tick = async () => {
    clock.advance(CHECK_MS);
    await runDueJobs(t);
  };

  it('refuses an order on a pair without a stored rate: 422 RATE_UNAVAILABLE', async () => {
    const accountId = await fundedAccount();
    const res = await postOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '1',
    });
    expectProblem(res, 422, 'RATE_UNAVAILABLE');
  });

  it('a MARKET BUY pays the inverse of the stored BRL → USDT rate, rounded up', async () => {
    const accountId = await fundedAccount();
    await setRate('BRL', 'USDT', '0.2'); // one USDT costs 5 BRL
    const order = await placedOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '10',
    });
    expect(order).toMatchObject({ status: 'COMPLETED', executedPrice: '5', notional: '50.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '950.00' },
      { asset: 'USDT', available: '10.000000' },
    ]);
    expectProblem(await operatorAction(t, 'complete', order.id), 409, 'INVALID_STATE');
  });

  it('the check fills a limit once the operator’s rate crosses it (a price ending in 66 too)', async () => {
    const accountId = await fundedAccount();
    await setRate('BRL', 'USDT', '0.18'); // 5.555555555556 BRL per USDT
    const order = await limitBuy(accountId, '5.4066');
    await tick();
    await tick();
    expect((await getOrder(t, token, order.id)).status).toBe('PROCESSING');
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({ pending: '54.07' });
    await setRate('BRL', 'USDT', '0.185'); // 5.405405405406 ≤ 5.4066
    await tick();
    expect(await getOrder(t, token, order.id)).toMatchObject({
      status: 'COMPLETED',
      executedPrice: '5.4066',
      notional: '54.07',
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '945.93', pending: '0.00' },
      { asset: 'USDT', available: '10.000000' },
    ]);
  });

  it('the back-office completes an open limit at limitPrice or fails it with the hold released', async () => {
    const accountId = await fundedAccount();
    await setRate('BRL', 'USDT', '0.1'); // 10 BRL per USDT: a 5.00 limit does not cross
    const filled = await limitBuy(accountId, '5');
    const failed = await limitBuy(accountId, '5');
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '900.00',
      pending: '100.00',
    });

    const completed = await operatorAction(t, 'complete', filled.id);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<{ operation: OrderOperationBody }>().operation).toMatchObject({
      status: 'COMPLETED',
      executedPrice: '5',
      notional: '50.00',
    });
    const reason = { code: 'DESK_REJECTED', message: 'No liquidity.' };
    const fail = await operatorAction(t, 'fail', failed.id, { reason });
    expect(fail.statusCode, fail.body).toBe(200);
    expect((await getOrder(t, token, failed.id)).reason).toEqual(reason);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '950.00', pending: '0.00' },
      { asset: 'USDT', available: '10.000000' },
    ]);
    expectProblem(await operatorAction(t, 'fail', filled.id, { reason }), 409, 'INVALID_STATE');
    expect(await eventTypesOf(t, filled.id)).toEqual([
      'OPERATION_REQUESTED',
      'OPERATION_COMPLETED',
    ]);
    expect(await eventTypesOf(t, failed.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    // The checks still due find both closed and do nothing.
    await tick();
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
