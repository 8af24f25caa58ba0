import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { formatAmount } from '../../src/lib/money.js';
import { WALLET } from '../helpers/beneficiaries.js';
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
  eventTypesOf,
  getQuote,
  journalsOf,
  quoteMinor,
  systemBalances,
  systemMoves,
} from '../helpers/quoted-operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  accountHolder,
  activeAccount,
  approvedBeneficiary,
  useSandboxApp,
} from '../helpers/world.js';

// Issue 8 point 6: a withdrawal with a quote pays out the quote's target (e.g. BRL over PIX)
// from the quote's source (e.g. USDT): held at request, the conversion and the payout posted in
// one journal on completion, released on failure.
describe.each(ENGINES)('cross-asset withdrawals on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: { COFRE_DATABASE_POOL_SIZE: '10' } });

  /** A customer with a USDT-only account holding 1000 USDT and an approved BRL PIX instruction. */
  async function usdtCustomer() {
    const { token, accountId } = await accountHolder(t, clock, {
      assets: ['USDT'],
      fund: { asset: 'USDT', amount: '1000.000000' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    return { token, accountId, to };
  }

  const brlQuote = (token: string, accountId: string, targetAmount: string) =>
    createQuote(t, token, { accountId, sourceAsset: 'USDT', targetAsset: 'BRL', targetAmount });

  it('holds the quote source in USDT, then posts the legs and the BRL payout in one journal', async () => {
    const { token, accountId, to } = await usdtCustomer();
    const quote = await brlQuote(token, accountId, '500.00');
    const q = quoteMinor(quote);
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '500.00',
      beneficiary: to,
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OperationBody>();
    expect(created).toMatchObject({
      type: 'WITHDRAWAL',
      status: 'REQUESTED',
      asset: 'BRL',
      amount: '500.00',
      quoteId: quote.id,
      conversion: {
        sourceAsset: 'USDT',
        sourceAmount: quote.sourceAmount,
        targetAsset: 'BRL',
        targetAmount: '500.00',
        effectiveRate: quote.effectiveRate,
      },
      fees: quote.fees,
      beneficiary: { paymentInstruction: { rail: 'PIX', asset: 'BRL' } },
    });
    // Consumed by this operation, at the request.
    expect(await getQuote(t, token, quote.id)).toMatchObject({
      operationId: created.id,
      consumedAt: new Date(clock.now()).toISOString(),
    });
    const heldAvailable = formatAmount(1_000_000_000n - q.source, 'USDT');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: heldAvailable, pending: quote.sourceAmount },
    ]);

    const before = await systemBalances(t);
    clock.advance(STEP_MS * 2);
    await runDueJobs(t);
    const done = await getOperation(t, token, created.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: heldAvailable, pending: '0.000000' },
    ]);
    // The desk took the converted USDT and paid the BRL that left through the rail.
    expect(systemMoves(before, await systemBalances(t))).toEqual({
      'sys_fees:USDT': q.fees,
      'sys_exchange:USDT': q.converted,
      'sys_exchange:BRL': -q.target,
      'sys_clearing:BRL': q.target,
    });
    expect(await journalsOf(t, created.id)).toEqual([
      {
        kind: 'HOLD',
        moves: { 'customer:USDT:AVAILABLE': -q.source, 'customer:USDT:PENDING': q.source },
      },
      {
        kind: 'CAPTURE',
        moves: {
          'customer:USDT:PENDING': -q.source,
          'sys_fees:USDT:AVAILABLE': q.fees,
          'sys_exchange:USDT:AVAILABLE': q.converted,
          'sys_exchange:BRL:AVAILABLE': -q.target,
          'sys_clearing:BRL:AVAILABLE': q.target,
        },
      },
    ]);
    const statement = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/statement?sortOrder=ASCENDING`,
    });
    expect(statement.json<{ data: unknown[] }>().data).toMatchObject([
      { asset: 'USDT', direction: 'CREDIT', amount: '1000.000000' },
      {
        operationId: created.id,
        asset: 'USDT',
        direction: 'DEBIT',
        amount: quote.sourceAmount,
        balanceAfter: heldAvailable,
      },
    ]);
    expect(await eventTypesOf(t, created.id)).toEqual([
      'OPERATION_REQUESTED',
      'OPERATION_COMPLETED',
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('fails at the rail on a target amount ending in 66: the USDT hold is released, the quote stays used', async () => {
    const { token, accountId, to } = await usdtCustomer();
    const quote = await brlQuote(token, accountId, '100.66');
    const before = await systemBalances(t);
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '100.66',
      beneficiary: to,
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<OperationBody>().id;
    clock.advance(STEP_MS * 2);
    await runDueJobs(t);
    const failed = await getOperation(t, token, id);
    expect(failed).toMatchObject({ status: 'FAILED', reason: { code: 'RAIL_REJECTED' } });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: '1000.000000', pending: '0.000000' },
    ]);
    expect(systemMoves(before, await systemBalances(t))).toEqual({});
    expect((await getQuote(t, token, quote.id)).operationId).toBe(id);
    expect(await eventTypesOf(t, id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses each mismatch with nothing moved and the quote left unused', async () => {
    const { token, accountId, to } = await usdtCustomer();
    const quote = await brlQuote(token, accountId, '50.00');
    const body = { accountId, asset: 'BRL', amount: '50.00', beneficiary: to, quoteId: quote.id };

    // Without a quote the assets must match, as ever.
    const plain = expectProblem(
      await postWithdrawal(t, token, { ...body, asset: 'USDT', quoteId: undefined }),
      422,
      'ASSET_MISMATCH',
    );
    expect(plain.errors?.[0]?.pointer).toBe('/asset');
    // `asset` is the quote's target, the instruction's is BRL: the instruction rule answers.
    const usdc = await createQuote(t, token, {
      accountId,
      sourceAsset: 'USDT',
      targetAsset: 'USDC',
      targetAmount: '50.000000',
    });
    expectProblem(
      await postWithdrawal(t, token, {
        ...body,
        asset: 'USDC',
        amount: '50.000000',
        quoteId: usdc.id,
      }),
      422,
      'ASSET_MISMATCH',
    );
    // `asset` is the instruction's, but the quote pays out USDC.
    const target = expectProblem(
      await postWithdrawal(t, token, { ...body, quoteId: usdc.id }),
      422,
      'QUOTE_MISMATCH',
    );
    expect(target.errors?.[0]?.pointer).toBe('/asset');
    const amount = expectProblem(
      await postWithdrawal(t, token, { ...body, amount: '50.01' }),
      422,
      'QUOTE_MISMATCH',
    );
    expect(amount.errors?.[0]).toMatchObject({ pointer: '/amount', code: 'QUOTE_MISMATCH' });
    // A quote of another account of the same customer, and one of another customer.
    const other = await activeAccount(t, clock, token, { assets: ['USDT'] });
    const othersQuote = await brlQuote(token, other, '50.00');
    expectProblem(
      await postWithdrawal(t, token, { ...body, quoteId: othersQuote.id }),
      422,
      'QUOTE_ACCOUNT_MISMATCH',
    );
    const stranger = await usdtCustomer();
    const strangersQuote = await brlQuote(stranger.token, stranger.accountId, '50.00');
    expectProblem(
      await postWithdrawal(t, token, { ...body, quoteId: strangersQuote.id }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    // A quote from an asset the account does not hold (quotable: the account holds its target).
    const both = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
    const btc = await createQuote(t, token, {
      accountId: both,
      sourceAsset: 'BTC',
      targetAsset: 'BRL',
      targetAmount: '50.00',
    });
    const notHeld = expectProblem(
      await postWithdrawal(t, token, { ...body, accountId: both, quoteId: btc.id }),
      422,
      'ASSET_NOT_ENABLED',
    );
    expect(notHeld.errors?.[0]?.pointer).toBe('/quoteId');
    // More than the account holds: refused, and the quote can still be used.
    const big = await brlQuote(token, accountId, '100000.00');
    expectProblem(
      await postWithdrawal(t, token, { ...body, amount: '100000.00', quoteId: big.id }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    for (const q of [quote, usdc, big]) {
      expect(await getQuote(t, token, q.id)).toMatchObject({ consumedAt: null, operationId: null });
    }
    const listed = await t.as(token, { method: 'GET', url: `/v1/operations?type=WITHDRAWAL` });
    expect(listed.json<{ data: unknown[] }>().data).toEqual([]);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: '1000.000000', pending: '0.000000' },
    ]);

    // The untouched quote still works.
    const ok = await postWithdrawal(t, token, body);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses an expired quote and a consumed one with their details', async () => {
    const { token, accountId, to } = await usdtCustomer();
    const quote = await brlQuote(token, accountId, '20.00');
    const body = { accountId, asset: 'BRL', amount: '20.00', beneficiary: to, quoteId: quote.id };
    const first = await postWithdrawal(t, token, body);
    expect(first.statusCode, first.body).toBe(201);
    const consumed = expectProblem(
      await postWithdrawal(t, token, body),
      422,
      'QUOTE_ALREADY_CONSUMED',
    );
    expect(consumed).toMatchObject({
      details: { quoteId: quote.id, consumedByOperationId: first.json<OperationBody>().id },
    });

    const late = await brlQuote(token, accountId, '20.00');
    clock.advance(30_000);
    const expired = expectProblem(
      await postWithdrawal(t, token, { ...body, quoteId: late.id }),
      422,
      'QUOTE_EXPIRED',
    );
    expect(expired).toMatchObject({ details: { quoteId: late.id, expiredAt: late.expiresAt } });
    expect(expired.errors?.[0]?.pointer).toBe('/quoteId');
    await runDueJobs(t);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('pays out a crypto instruction from BRL with a quote', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      assets: ['BRL'],
      fund: { asset: 'BRL', amount: '1000.00' },
    });
    const to = await approvedBeneficiary(t, clock, token, { paymentInstruction: WALLET });
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '540.00',
    });
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'USDT',
      amount: quote.targetAmount,
      beneficiary: to,
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    clock.advance(STEP_MS * 2);
    await runDueJobs(t);
    expect(await getOperation(t, token, res.json<OperationBody>().id)).toMatchObject({
      status: 'COMPLETED',
      endToEndId: null,
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '460.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('replays the same Idempotency-Key, and two requests racing for one quote get it once', async () => {
    const { token, accountId, to } = await usdtCustomer();
    const quote = await brlQuote(token, accountId, '30.00');
    const body = { accountId, asset: 'BRL', amount: '30.00', beneficiary: to, quoteId: quote.id };
    const first = await postWithdrawal(t, token, body, { 'Idempotency-Key': 'x-asset-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postWithdrawal(t, token, body, { 'Idempotency-Key': 'x-asset-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const contested = await brlQuote(token, accountId, '30.00');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postWithdrawal(t, token, { ...body, quoteId: contested.id })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json<{ code: string }>().code).toBe('QUOTE_ALREADY_CONSUMED');
    }
    const q = quoteMinor(quote);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      {
        asset: 'USDT',
        available: formatAmount(1_000_000_000n - q.source - quoteMinor(contested).source, 'USDT'),
        pending: formatAmount(q.source + quoteMinor(contested).source, 'USDT'),
      },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
