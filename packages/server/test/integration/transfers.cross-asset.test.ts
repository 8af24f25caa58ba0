import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { postTransfer as postJournal } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { MAX_BALANCE_MINOR } from '../../src/lib/money.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, balancesOf } from '../helpers/operations.js';
import { eventTypesOf } from '../helpers/orders.js';
import {
  createQuote,
  getQuote,
  quoteMinor,
  systemBalances,
  systemMoves,
} from '../helpers/quoted-operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  moneyState,
  operationIdsOf,
  postTransfer,
  statementOf,
  transferred,
} from '../helpers/transfers.js';
import { activeAccount } from '../helpers/world.js';

// Issue 16 point 2: a transfer that converts on the way, at a quote of the source account: the
// quote's source leaves the source account, its target arrives on the destination, the desk legs
// and the fee in the same one journal, at once.
describe.each(ENGINES)('transfers through a quote on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let token: string;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: {
        COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
        COFRE_FEES: '{"CONVERSION":{"percentage":"1"}}',
      },
    });
    token = (await t.customer()).token;
  });
  afterAll(() => t.close());

  const funded = (amount = '1000.00') =>
    activeAccount(t, clock, token, { assets: ['BRL'], fund: { asset: 'BRL', amount } });
  const usdtAccount = () => activeAccount(t, clock, token, { assets: ['USDT'] });
  const quoteOn = (accountId: string, sourceAmount = '100.00') =>
    createQuote(t, token, { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount });
  const balance = async (accountId: string, asset: string) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === asset)!;

  it("debits the quote's source, credits its target to the other account, fee and desk legs in one journal", async () => {
    const source = await funded();
    const destination = await usdtAccount();
    const q = await quoteOn(source);
    const house = await systemBalances(t);
    const op = await transferred(t, token, {
      accountId: source,
      destinationAccountId: destination,
      quoteId: q.id,
    });
    expect(op).toMatchObject({
      type: 'TRANSFER',
      status: 'COMPLETED',
      accountId: source,
      asset: 'BRL',
      amount: '100.00',
      fees: [{ type: 'PERCENTAGE', amount: '1.00', asset: 'BRL' }],
      destinationAccountId: destination,
      destinationAsset: 'USDT',
      destinationAmount: q.targetAmount,
      quoteId: q.id,
      conversion: {
        sourceAsset: 'BRL',
        sourceAmount: '100.00',
        targetAsset: 'USDT',
        targetAmount: q.targetAmount,
        effectiveRate: q.effectiveRate,
      },
    });
    expect(op.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await balance(source, 'BRL')).toMatchObject({ available: '900.00', pending: '0.00' });
    expect(await balance(destination, 'USDT')).toMatchObject({ available: q.targetAmount });
    // The house moved exactly the quote's figures: the fee, the converted part in, the target out.
    const m = quoteMinor(q);
    expect(systemMoves(house, await systemBalances(t))).toEqual({
      'sys_fees:BRL': m.fees,
      'sys_exchange:BRL': m.converted,
      'sys_exchange:USDT': -m.target,
    });
    const journals = await t.handle.db
      .selectFrom('ledger_journals')
      .select('kind')
      .where('operation_id', '=', op.id)
      .execute();
    expect(journals).toEqual([{ kind: 'TRANSFER' }]);
    expect((await statementOf(t, token, source)).filter((e) => e.operationId === op.id)).toEqual([
      expect.objectContaining({ direction: 'DEBIT', amount: '100.00', asset: 'BRL' }),
    ]);
    expect(
      (await statementOf(t, token, destination)).filter((e) => e.operationId === op.id),
    ).toEqual([
      expect.objectContaining({ direction: 'CREDIT', amount: q.targetAmount, asset: 'USDT' }),
    ]);
    expect(await getQuote(t, token, q.id)).toMatchObject({ operationId: op.id });
    expect(await operationIdsOf(t, token, destination)).toEqual([op.id]);
    expect(await eventTypesOf(t, op.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses a quote of the destination account (a quote debits the account it was made for)', async () => {
    const source = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const destination = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
    const q = await quoteOn(destination, '10.00');
    const before = await moneyState(t, token, [source, destination]);
    const res = await postTransfer(t, token, {
      accountId: source,
      destinationAccountId: destination,
      quoteId: q.id,
    });
    expectProblem(res, 422, 'QUOTE_ACCOUNT_MISMATCH');
    expect(await moneyState(t, token, [source, destination])).toEqual(before);
    expect((await getQuote(t, token, q.id)).operationId).toBeNull();
  });

  it("refuses a destination that does not hold the quote's target: 422 ASSET_NOT_ENABLED", async () => {
    const source = await funded('100.00');
    const brlOnly = await funded('1.00');
    const q = await quoteOn(source, '10.00');
    const res = await postTransfer(t, token, {
      accountId: source,
      destinationAccountId: brlOnly,
      quoteId: q.id,
    });
    const problem = expectProblem(res, 422, 'ASSET_NOT_ENABLED');
    expect(problem.errors?.[0]?.pointer).toBe('/destinationAccountId');
  });

  it('refuses an overdraft with nothing moved and the quote still usable afterwards', async () => {
    const source = await funded('50.00');
    const destination = await usdtAccount();
    const q = await quoteOn(source, '60.00');
    const before = await moneyState(t, token, [source, destination]);
    const body = { accountId: source, destinationAccountId: destination, quoteId: q.id };
    const problem = expectProblem(await postTransfer(t, token, body), 422, 'INSUFFICIENT_BALANCE');
    expect(problem.errors?.[0]?.pointer).toBe('/quoteId');
    expect(await moneyState(t, token, [source, destination])).toEqual(before);
    expect((await getQuote(t, token, q.id)).operationId).toBeNull();
    // The source is topped up: the same quote now goes through, once.
    await transact(t.handle.db, ({ trx }) =>
      postJournal(trx, {
        kind: 'DEPOSIT',
        postings: [
          {
            accountId: 'sys_clearing',
            asset: 'BRL',
            bucket: 'AVAILABLE',
            direction: 'DEBIT',
            amount: 1_000n,
          },
          {
            accountId: source,
            asset: 'BRL',
            bucket: 'AVAILABLE',
            direction: 'CREDIT',
            amount: 1_000n,
          },
        ],
        operationId: null,
        description: 'Top-up',
        at: clock.now(),
      }),
    );
    const op = await transferred(t, token, body);
    expect(op.quoteId).toBe(q.id);
    expectProblem(await postTransfer(t, token, body), 422, 'QUOTE_ALREADY_CONSUMED');
  });

  it('refuses a credit that would take the destination above its maximum: 422 BALANCE_LIMIT_EXCEEDED, nothing moved', async () => {
    const source = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const full = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
    await transact(t.handle.db, ({ trx }) =>
      postJournal(trx, {
        kind: 'DEPOSIT',
        postings: [
          {
            accountId: 'sys_clearing',
            asset: 'BRL',
            bucket: 'AVAILABLE',
            direction: 'DEBIT',
            amount: MAX_BALANCE_MINOR,
          },
          {
            accountId: full,
            asset: 'BRL',
            bucket: 'AVAILABLE',
            direction: 'CREDIT',
            amount: MAX_BALANCE_MINOR,
          },
        ],
        operationId: null,
        description: 'Seeded at the bound',
        at: clock.now(),
      }),
    );
    const before = await moneyState(t, token, [source, full]);
    const same = await postTransfer(t, token, {
      accountId: source,
      destinationAccountId: full,
      asset: 'BRL',
      amount: '0.01',
    });
    expect(expectProblem(same, 422, 'BALANCE_LIMIT_EXCEEDED').detail).toContain(full);
    expect(await moneyState(t, token, [source, full])).toEqual(before);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
