import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { formatAmount, parseAmount } from '../../src/lib/money.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  STEP_MS,
  balancesOf,
  getOperation,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import {
  createQuote,
  journalsOf,
  quoteMinor,
  systemBalances,
  systemMoves,
} from '../helpers/quoted-operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { accountHolder, approvedBeneficiary, useSandboxApp } from '../helpers/world.js';

// Issue 8 point 7: the WITHDRAWAL fee (COFRE_FEES) is held with the amount, in the asset
// debited, shown on the operation, and posted to sys_fees when the withdrawal completes.
describe.each(ENGINES)('withdrawal fees on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, {
    env: {
      COFRE_FEES: JSON.stringify({
        CONVERSION: { percentage: '0.5' },
        WITHDRAWAL: { fixed: { BRL: '1.50' }, percentage: '1' },
      }),
    },
  });

  async function funded(asset: 'BRL' | 'USDT', amount: string) {
    const { token, accountId } = await accountHolder(t, clock, {
      assets: [asset],
      fund: { asset, amount },
    });
    const to = await approvedBeneficiary(t, clock, token);
    return { token, accountId, to };
  }

  it('holds amount + 1 % + 1.50 BRL, then pays the amount to the rail and the fee to sys_fees', async () => {
    const { token, accountId, to } = await funded('BRL', '200.00');
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '100.00',
      beneficiary: to,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OperationBody>();
    expect(created).toMatchObject({
      amount: '100.00',
      quoteId: null,
      conversion: null,
      fees: [
        { type: 'PERCENTAGE', amount: '1.00', asset: 'BRL' },
        { type: 'ABSOLUTE', amount: '1.50', asset: 'BRL' },
      ],
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '97.50', pending: '102.50' },
    ]);
    const before = await systemBalances(t);
    clock.advance(STEP_MS * 2);
    await runDueJobs(t);
    expect((await getOperation(t, token, created.id)).status).toBe('COMPLETED');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '97.50', pending: '0.00' },
    ]);
    expect(systemMoves(before, await systemBalances(t))).toEqual({
      'sys_fees:BRL': 250n,
      'sys_clearing:BRL': 10_000n,
    });
    expect((await journalsOf(t, created.id))[1]).toEqual({
      kind: 'CAPTURE',
      moves: {
        'customer:BRL:PENDING': -10_250n,
        'sys_fees:BRL:AVAILABLE': 250n,
        'sys_clearing:BRL:AVAILABLE': 10_000n,
      },
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('releases the amount and the fee together when the rail fails (66), the percentage rounded up', async () => {
    const { token, accountId, to } = await funded('BRL', '200.00');
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '100.66',
      beneficiary: to,
    });
    expect(res.statusCode, res.body).toBe(201);
    // 1 % of 100.66 is 1.0066: 1.01, never less.
    expect(res.json<OperationBody>().fees).toEqual([
      { type: 'PERCENTAGE', amount: '1.01', asset: 'BRL' },
      { type: 'ABSOLUTE', amount: '1.50', asset: 'BRL' },
    ]);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '96.83', pending: '103.17' },
    ]);
    const before = await systemBalances(t);
    clock.advance(STEP_MS * 2);
    await runDueJobs(t);
    expect((await getOperation(t, token, res.json<OperationBody>().id)).status).toBe('FAILED');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '200.00', pending: '0.00' },
    ]);
    expect(systemMoves(before, await systemBalances(t))).toEqual({});
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses when the balance covers the amount but not the fee, with nothing moved', async () => {
    const { token, accountId, to } = await funded('BRL', '100.00');
    const refused = expectProblem(
      await postWithdrawal(t, token, {
        accountId,
        asset: 'BRL',
        amount: '100.00',
        beneficiary: to,
      }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expect(refused.detail).toContain('102.50');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '100.00', pending: '0.00' },
    ]);
  });

  it('charges a quoted withdrawal in the source asset, on the quote source amount', async () => {
    const { token, accountId, to } = await funded('USDT', '500.000000');
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'USDT',
      targetAsset: 'BRL',
      targetAmount: '200.00',
    });
    const q = quoteMinor(quote);
    // 1 % of the USDT debited, rounded up; the fixed part is BRL-only, so none.
    const withdrawalFee = (q.source + 99n) / 100n;
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '200.00',
      beneficiary: to,
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OperationBody>().fees).toEqual([
      ...quote.fees,
      { type: 'PERCENTAGE', amount: formatAmount(withdrawalFee, 'USDT'), asset: 'USDT' },
    ]);
    const held = q.source + withdrawalFee;
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', pending: formatAmount(held, 'USDT') },
    ]);
    const before = await systemBalances(t);
    clock.advance(STEP_MS * 2);
    await runDueJobs(t);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      {
        asset: 'USDT',
        available: formatAmount(parseAmount('500.000000', 'USDT') - held, 'USDT'),
        pending: '0.000000',
      },
    ]);
    expect(systemMoves(before, await systemBalances(t))).toEqual({
      'sys_fees:USDT': q.fees + withdrawalFee,
      'sys_exchange:USDT': q.converted,
      'sys_exchange:BRL': -q.target,
      'sys_clearing:BRL': q.target,
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
