import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin, auditRows, operatorAction } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { createQuote } from '../helpers/quoted-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { operatorFundedAccount, useTestApp } from '../helpers/world.js';

// Issue 8 point 3 in production: no simulator, no default fees; the operator sets the price
// and completes or fails each swap through the back-office.
describe.each(ENGINES)('swaps in production on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine, {
    clock: new ManualClock(),
    env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' },
  });

  beforeAll(async () => {
    token = (await t.customer()).token;
    const rate = await asAdmin(t, {
      method: 'PUT',
      url: '/admin/v1/rates/BRL/USDT',
      payload: { rate: '0.185' },
    });
    expect(rate.statusCode, rate.body).toBe(200);
  });

  /** BRL and USDT activated by the operator, 1000.00 BRL received. */
  const fundedAccount = () =>
    operatorFundedAccount(t, token, ['BRL', 'USDT'], [{ asset: 'BRL', amount: '1000.00' }]);
  const swapAt = async (accountId: string, sourceAmount: string) => {
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount,
    });
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/swap',
      payload: { accountId, quoteId: quote.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>();
  };
  const balances = async (accountId: string) =>
    Object.fromEntries(
      (await balancesOf(t, token, accountId)).map((b) => [b.asset, [b.available, b.pending]]),
    );

  it('prices at the stored rate without a fee; the operator completes it: one journal, audited', async () => {
    const accountId = await fundedAccount();
    const swap = await swapAt(accountId, '100.00');
    expect(swap).toMatchObject({
      status: 'REQUESTED',
      sourceAmount: '100.00',
      targetAmount: '18.500000',
      effectiveRate: { value: '0.185', base: 'BRL', quote: 'USDT' },
      fees: [],
    });
    expect(await balances(accountId)).toEqual({
      BRL: ['900.00', '100.00'],
      USDT: ['0.000000', '0.000000'],
    });
    const completed = await operatorAction(t, 'complete', swap.id);
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await getOperation(t, token, swap.id)).states.map((s) => s.status)).toEqual([
      'REQUESTED',
      'PROCESSING',
      'COMPLETED',
    ]);
    expect(await balances(accountId)).toEqual({
      BRL: ['900.00', '0.00'],
      USDT: ['18.500000', '0.000000'],
    });
    expectProblem(await operatorAction(t, 'complete', swap.id), 409, 'INVALID_STATE');
    expectProblem(
      await operatorAction(t, 'fail', swap.id, { reason: { code: 'X', message: 'late' } }),
      409,
      'INVALID_STATE',
    );
    const audit = (await auditRows(t)).filter((r) => r.subject_id === swap.id);
    expect(audit.map((r) => r.action)).toEqual(['OPERATION_COMPLETED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('the operator fails it: the hold comes back, nothing converted', async () => {
    const accountId = await fundedAccount();
    const swap = await swapAt(accountId, '250.00');
    const failed = await operatorAction(t, 'fail', swap.id, {
      reason: { code: 'LIQUIDITY_UNAVAILABLE', message: 'No USDT liquidity at this price.' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await getOperation(t, token, swap.id)).toMatchObject({
      status: 'FAILED',
      reason: { code: 'LIQUIDITY_UNAVAILABLE' },
    });
    expect(await balances(accountId)).toEqual({
      BRL: ['1000.00', '0.00'],
      USDT: ['0.000000', '0.000000'],
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('a FROZEN account swaps nothing; once unfrozen the same quote works', async () => {
    const accountId = await fundedAccount();
    const quote = await t.as(token, {
      method: 'POST',
      url: '/v1/quotes',
      payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '10.00' },
    });
    const quoteId = quote.json<{ id: string }>().id;
    const account = (verb: string) =>
      asAdmin(t, { method: 'POST', url: `/admin/v1/accounts/${accountId}/${verb}` });
    expect((await account('freeze')).statusCode).toBe(200);
    const payload = { accountId, quoteId };
    const post = () => t.as(token, { method: 'POST', url: '/v1/operations/swap', payload });
    expectProblem(await post(), 422, 'ACCOUNT_NOT_ACTIVE');
    expect((await account('unfreeze')).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(201);
  });

  it('refuses a quote for a pair without a stored rate (RATE_UNAVAILABLE)', async () => {
    const accountId = await fundedAccount();
    expectProblem(
      await t.as(token, {
        method: 'POST',
        url: '/v1/quotes',
        payload: { accountId, sourceAsset: 'USDT', targetAsset: 'BRL', sourceAmount: '1.00' },
      }),
      422,
      'RATE_UNAVAILABLE',
    );
  });
});
