import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
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
import { setStoredRate } from '../../src/pricing/stored-rates.js';
import {
  accountHolder,
  sandboxStep,
  sandboxSteps,
  useSandboxApp,
  useTestApp,
} from '../helpers/world.js';

// Issue 8 point 6: a deposit with a quote is paid in the quote's source (e.g. BRL over PIX) and
// credited in its target (e.g. USDT); the quote is consumed at the request, and the arrival,
// the conversion and the credit are one journal.
describe.each(ENGINES)('cross-asset deposits on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: { ...ADMIN_ENV } });

  /** A customer whose only asset is USDT. */
  async function usdtCustomer() {
    const { token, accountId } = await accountHolder(t, clock, { assets: ['USDT'] });
    return { token, accountId };
  }

  const brlToUsdt = (token: string, accountId: string, sourceAmount: string) =>
    createQuote(t, token, { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount });

  it('takes BRL by PIX and credits USDT: quote consumed at the request, one journal on payment', async () => {
    const { token, accountId } = await usdtCustomer();
    const quote = await brlToUsdt(token, accountId, '1000.00');
    const q = quoteMinor(quote);
    const res = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1000.00',
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json<OperationBody>();
    expect(deposit).toMatchObject({
      type: 'DEPOSIT',
      status: 'REQUESTED',
      asset: 'BRL',
      amount: '1000.00',
      receivedAmount: null,
      quoteId: quote.id,
      conversion: {
        sourceAsset: 'BRL',
        sourceAmount: '1000.00',
        targetAsset: 'USDT',
        targetAmount: quote.targetAmount,
        effectiveRate: quote.effectiveRate,
      },
      fees: quote.fees,
      fundingInstruction: { rail: 'PIX', keyType: 'EVP' },
    });
    // The PIX copy-and-paste code carries the BRL amount (EMV tag 54).
    expect(deposit.fundingInstruction).toMatchObject({
      brCode: expect.stringContaining('54071000.00') as string,
    });
    expect(await getQuote(t, token, quote.id)).toMatchObject({ operationId: deposit.id });

    const before = await systemBalances(t);
    await sandboxStep(t, clock);
    const paid = await getOperation(t, token, deposit.id);
    expect(paid).toMatchObject({ status: 'COMPLETED', receivedAmount: '1000.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: quote.targetAmount, pending: '0.000000' },
    ]);
    expect(systemMoves(before, await systemBalances(t))).toEqual({
      'sys_clearing:BRL': -q.source,
      'sys_fees:BRL': q.fees,
      'sys_exchange:BRL': q.converted,
      'sys_exchange:USDT': -q.target,
    });
    expect(await journalsOf(t, deposit.id)).toEqual([
      {
        kind: 'DEPOSIT',
        moves: {
          'sys_clearing:BRL:AVAILABLE': -q.source,
          'sys_fees:BRL:AVAILABLE': q.fees,
          'sys_exchange:BRL:AVAILABLE': q.converted,
          'sys_exchange:USDT:AVAILABLE': -q.target,
          'customer:USDT:AVAILABLE': q.target,
        },
      },
    ]);
    const statement = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/statement`,
    });
    expect(statement.json<{ data: unknown[] }>().data).toMatchObject([
      {
        operationId: deposit.id,
        asset: 'USDT',
        direction: 'CREDIT',
        amount: quote.targetAmount,
        balanceAfter: quote.targetAmount,
      },
    ]);
    expect(await eventTypesOf(t, deposit.id)).toEqual([
      'OPERATION_REQUESTED',
      'OPERATION_COMPLETED',
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('expires unpaid (the 66 magic value) with nothing moved; the quote stays consumed', async () => {
    const { token, accountId } = await usdtCustomer();
    const quote = await brlToUsdt(token, accountId, '100.66');
    const before = await systemBalances(t);
    const res = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '100.66',
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<OperationBody>().id;
    await sandboxSteps(t, clock, 5);
    expect(await getOperation(t, token, id)).toMatchObject({
      status: 'FAILED',
      reason: { code: 'DEPOSIT_EXPIRED' },
      quoteId: quote.id,
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: '0.000000', pending: '0.000000' },
    ]);
    expect(systemMoves(before, await systemBalances(t))).toEqual({});
    expect(await getQuote(t, token, quote.id)).toMatchObject({ operationId: id });
    expect(await eventTypesOf(t, id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses mismatches, a target the account does not hold, expired and consumed quotes', async () => {
    const { token, accountId } = await usdtCustomer();
    const quote = await brlToUsdt(token, accountId, '10.00');
    const body = { accountId, asset: 'BRL', amount: '10.00', quoteId: quote.id };
    // Without a quote the account must hold the asset paid in.
    expectProblem(
      await postDeposit(t, token, { accountId, asset: 'BRL', amount: '10.00' }),
      422,
      'ASSET_NOT_ENABLED',
    );
    const asset = expectProblem(
      await postDeposit(t, token, { ...body, asset: 'USDC', amount: '10.000000' }),
      422,
      'QUOTE_MISMATCH',
    );
    expect(asset.errors?.[0]?.pointer).toBe('/asset');
    const amount = expectProblem(
      await postDeposit(t, token, { ...body, amount: '10.01' }),
      422,
      'QUOTE_MISMATCH',
    );
    expect(amount.errors?.[0]?.pointer).toBe('/amount');
    // USDT → BRL is quotable (the account holds the source) but cannot be credited here.
    const reverse = await createQuote(t, token, {
      accountId,
      sourceAsset: 'USDT',
      targetAsset: 'BRL',
      sourceAmount: '10.000000',
    });
    const notHeld = expectProblem(
      await postDeposit(t, token, {
        accountId,
        asset: 'USDT',
        amount: '10.000000',
        quoteId: reverse.id,
      }),
      422,
      'ASSET_NOT_ENABLED',
    );
    expect(notHeld.errors?.[0]?.pointer).toBe('/quoteId');
    expect(await getQuote(t, token, quote.id)).toMatchObject({ operationId: null });
    const listed = await t.as(token, { method: 'GET', url: '/v1/operations' });
    expect(listed.json<{ data: unknown[] }>().data).toEqual([]);

    const first = await postDeposit(t, token, body);
    expect(first.statusCode, first.body).toBe(201);
    expectProblem(await postDeposit(t, token, body), 422, 'QUOTE_ALREADY_CONSUMED');
    const late = await brlToUsdt(token, accountId, '10.00');
    clock.advance(30_000);
    expectProblem(await postDeposit(t, token, { ...body, quoteId: late.id }), 422, 'QUOTE_EXPIRED');
    await runDueJobs(t);
  });

  it('replays the same Idempotency-Key without consuming anything twice', async () => {
    const { token, accountId } = await usdtCustomer();
    const quote = await brlToUsdt(token, accountId, '25.00');
    const body = { accountId, asset: 'BRL', amount: '25.00', quoteId: quote.id };
    const first = await postDeposit(t, token, body, { 'Idempotency-Key': 'x-dep-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postDeposit(t, token, body, { 'Idempotency-Key': 'x-dep-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const listed = await t.as(token, { method: 'GET', url: '/v1/operations' });
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(1);
    await sandboxStep(t, clock);
  });
});

// Production: the back-office receives quoted deposits; a rate locked by a quote outlives both
// the quote's own expiry and any later change of the stored rate.
describe.each(ENGINES)('quoted deposits through the back-office on %s', (engine) => {
  const clock = new ManualClock();
  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' },
  });

  const setRate = (rate: bigint) =>
    t.handle.db
      .transaction()
      .execute((trx) => setStoredRate(trx, { base: 'BRL', quote: 'USDT', rate, at: clock.now() }));

  it('refuses another amount (409), then credits the quoted amount at the locked rate', async () => {
    const { token } = await t.customer();
    const opened = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['USDT'] },
    });
    const accountId = opened.json<{ id: string }>().id;
    const activated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/assets/USDT/activate`,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await setRate(200_000_000_000n); // 0.2 USDT per BRL, no fee in production
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '300.00',
    });
    expect(quote).toMatchObject({ targetAmount: '60.000000', fees: [] });
    const res = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '300.00',
      quoteId: quote.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<OperationBody>().id;

    // Past the quote's 30 s, at another stored rate: the deposit keeps its quote.
    clock.advance(60_000);
    await setRate(250_000_000_000n);
    const receive = (payload: Record<string, unknown>) =>
      asAdmin(t, { method: 'POST', url: `/admin/v1/operations/${id}/receive`, payload });
    const refused = expectProblem(await receive({ amount: '299.00' }), 409, 'INVALID_STATE');
    expect(refused.detail).toContain(quote.id);
    expect((await getOperation(t, token, id)).status).toBe('REQUESTED');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: '0.000000' },
    ]);
    // Naming the quoted amount itself is fine.
    const ok = await receive({ amount: '300.00' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      operation: { status: 'COMPLETED', receivedAmount: '300.00', quoteId: quote.id },
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'USDT', available: '60.000000', pending: '0.000000' },
    ]);
    expect(await eventTypesOf(t, id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
