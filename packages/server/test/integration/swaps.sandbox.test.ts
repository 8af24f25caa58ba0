import { houseAccountOf } from '../helpers/quoted-operations.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { parseAmount } from '../../src/lib/money.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  STEP_MS,
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount } from '../helpers/world.js';

interface QuoteBody {
  id: string;
  sourceAmount: string;
  targetAmount: string;
  effectiveRate: { value: string; base: string; quote: string };
  fees: { type: string; amount: string; asset: string }[];
  consumedAt: string | null;
  operationId: string | null;
  expiresAt: string;
}

// Issue 8 point 3 (and the swap parts of 7–11): a swap consumes a quote, holds its source
// amount, and on completion moves both legs and the fee in one journal.
describe.each(ENGINES)('swaps in the sandbox on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let token: string;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    token = (await t.customer()).token;
  });
  afterAll(() => t.close());

  const funded = (amount = '1000.00') =>
    activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount },
    });
  const quote = async (accountId: string, sourceAmount: string, as = token) => {
    const res = await t.as(as, {
      method: 'POST',
      url: '/v1/quotes',
      payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<QuoteBody>();
  };
  const swap = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.as(token, { method: 'POST', url: '/v1/operations/swap', payload, headers });
  const balance = async (accountId: string, asset: string) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === asset)!;
  const settle = async () => {
    clock.advance(2 * STEP_MS);
    await runDueJobs(t);
  };
  const eventsOf = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select('type')
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);

  it('moves exactly the quote’s amounts, the fee to sys_fees, in one journal on completion', async () => {
    const accountId = await funded();
    const q = await quote(accountId, '100.00');
    const res = await swap({ accountId, quoteId: q.id, description: 'Treasury rebalance' });
    expect(res.statusCode, res.body).toBe(201);
    const op = res.json<OperationBody>();
    expect(res.headers.location).toBe(`/v1/operations/${op.id}`);
    expect(op).toMatchObject({
      type: 'SWAP',
      status: 'REQUESTED',
      accountId,
      asset: 'BRL',
      amount: '100.00',
      quoteId: q.id,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '100.00',
      targetAmount: q.targetAmount,
      effectiveRate: q.effectiveRate,
      fees: [{ type: 'PERCENTAGE', amount: '0.50', asset: 'BRL' }],
      description: 'Treasury rebalance',
    });
    // Held at once; the quote is used by this operation.
    expect(await balance(accountId, 'BRL')).toMatchObject({
      available: '900.00',
      pending: '100.00',
    });
    const used = await t.as(token, { method: 'GET', url: `/v1/quotes/${q.id}` });
    expect(used.json<QuoteBody>()).toMatchObject({ operationId: op.id });
    expect(used.json<QuoteBody>().consumedAt).not.toBeNull();

    await settle();
    const done = await getOperation(t, token, op.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await balance(accountId, 'BRL')).toMatchObject({ available: '900.00', pending: '0.00' });
    expect(await balance(accountId, 'USDT')).toMatchObject({
      available: q.targetAmount,
      pending: '0.000000',
    });

    // One EXCHANGE journal carries the source leg, the fee and the target leg.
    const journals = await t.handle.db
      .selectFrom('ledger_journals')
      .select(['id', 'kind'])
      .where('operation_id', '=', op.id)
      .orderBy('id')
      .execute();
    expect(journals.map((j) => j.kind)).toEqual(['HOLD', 'EXCHANGE']);
    const entries = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['account_id', 'asset', 'bucket', 'direction', 'amount'])
      .where('journal_id', '=', journals[1]!.id)
      .execute()
      // A house entry names the row (shard) of its account that took it.
      .then((rows) => rows.map((e) => ({ ...e, account_id: houseAccountOf(e.account_id) })));
    const target = parseAmount(q.targetAmount, 'USDT');
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          account_id: accountId,
          asset: 'BRL',
          bucket: 'PENDING',
          direction: 'DEBIT',
          amount: 10_000n,
        },
        {
          account_id: 'sys_fees',
          asset: 'BRL',
          bucket: 'AVAILABLE',
          direction: 'CREDIT',
          amount: 50n,
        },
        {
          account_id: 'sys_exchange',
          asset: 'BRL',
          bucket: 'AVAILABLE',
          direction: 'CREDIT',
          amount: 9_950n,
        },
        {
          account_id: 'sys_exchange',
          asset: 'USDT',
          bucket: 'AVAILABLE',
          direction: 'DEBIT',
          amount: target,
        },
        {
          account_id: accountId,
          asset: 'USDT',
          bucket: 'AVAILABLE',
          direction: 'CREDIT',
          amount: target,
        },
      ]),
    );
    expect(entries).toHaveLength(5);
    expect(await eventsOf(op.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('fails a source amount ending in 66 at the desk: RAIL_REJECTED, hold released, quote stays used', async () => {
    const accountId = await funded();
    const q = await quote(accountId, '100.66');
    const res = await swap({ accountId, quoteId: q.id });
    expect(res.statusCode, res.body).toBe(201);
    const op = res.json<OperationBody>();
    expect(await balance(accountId, 'BRL')).toMatchObject({
      available: '899.34',
      pending: '100.66',
    });
    await settle();
    const failed = await getOperation(t, token, op.id);
    expect(failed).toMatchObject({ status: 'FAILED', reason: { code: 'RAIL_REJECTED' } });
    expect(await balance(accountId, 'BRL')).toMatchObject({
      available: '1000.00',
      pending: '0.00',
    });
    expect(await balance(accountId, 'USDT')).toMatchObject({ available: '0.000000' });
    expect(await eventsOf(op.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    // Forward only: the failed swap keeps its quote.
    expectProblem(await swap({ accountId, quoteId: q.id }), 422, 'QUOTE_ALREADY_CONSUMED');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('of two concurrent swaps on one quote exactly one wins; the other names the winner', async () => {
    const accountId = await funded();
    const q = await quote(accountId, '10.00');
    const answers = await Promise.all([
      swap({ accountId, quoteId: q.id }),
      swap({ accountId, quoteId: q.id }),
    ]);
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    const lost = answers.find((r) => r.statusCode !== 201)!;
    const problem = expectProblem(lost, 422, 'QUOTE_ALREADY_CONSUMED');
    expect(problem.details).toEqual({
      quoteId: q.id,
      consumedByOperationId: won[0]!.json<OperationBody>().id,
    });
    expect(problem.errors?.[0]?.pointer).toBe('/quoteId');
    // Only the winner held money.
    expect(await balance(accountId, 'BRL')).toMatchObject({
      available: '990.00',
      pending: '10.00',
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses an expired quote with QUOTE_EXPIRED and when it expired', async () => {
    const accountId = await funded();
    const q = await quote(accountId, '10.00');
    clock.advance(30_000);
    const problem = expectProblem(await swap({ accountId, quoteId: q.id }), 422, 'QUOTE_EXPIRED');
    expect(problem.details).toEqual({ quoteId: q.id, expiredAt: q.expiresAt });
    expect(await balance(accountId, 'BRL')).toMatchObject({
      available: '1000.00',
      pending: '0.00',
    });
  });

  it('refuses another account’s quote (422) and another customer’s quote (404)', async () => {
    const accountId = await funded();
    const other = await funded();
    const q = await quote(other, '10.00');
    const mismatch = expectProblem(
      await swap({ accountId, quoteId: q.id }),
      422,
      'QUOTE_ACCOUNT_MISMATCH',
    );
    expect(mismatch.errors?.[0]?.pointer).toBe('/quoteId');

    const stranger = await t.customer('Mallory');
    const theirs = await activeAccount(t, clock, stranger.token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const theirQuote = await quote(theirs, '10.00', stranger.token);
    expectProblem(await swap({ accountId, quoteId: theirQuote.id }), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await swap({ accountId: theirs, quoteId: theirQuote.id }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(await swap({ accountId, quoteId: 'quo_nope' }), 404, 'RESOURCE_NOT_FOUND');
    // Neither quote was used by any of that.
    for (const [who, id] of [
      [token, q.id],
      [stranger.token, theirQuote.id],
    ] as const) {
      const got = await t.as(who, { method: 'GET', url: `/v1/quotes/${id}` });
      expect(got.json<QuoteBody>()).toMatchObject({ consumedAt: null, operationId: null });
    }
  });

  it('refuses a quote of an asset against itself with QUOTE_MISMATCH', async () => {
    const accountId = await funded();
    const same = await t.as(token, {
      method: 'POST',
      url: '/v1/quotes',
      payload: { accountId, sourceAsset: 'BRL', targetAsset: 'BRL', sourceAmount: '10.00' },
    });
    expect(same.statusCode, same.body).toBe(201);
    expectProblem(
      await swap({ accountId, quoteId: same.json<QuoteBody>().id }),
      422,
      'QUOTE_MISMATCH',
    );
  });

  it('refuses a swap into an asset the account does not hold (ASSET_NOT_ENABLED)', async () => {
    const brlOnly = await activeAccount(t, clock, token, { assets: ['BRL'] });
    const q = await quote(brlOnly, '10.00');
    expectProblem(await swap({ accountId: brlOnly, quoteId: q.id }), 422, 'ASSET_NOT_ENABLED');
  });

  it('on INSUFFICIENT_BALANCE moves nothing and leaves the quote usable, even after a deposit', async () => {
    const accountId = await funded('50.00');
    const q = await quote(accountId, '80.00');
    const refused = expectProblem(
      await swap({ accountId, quoteId: q.id }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expect(refused.errors?.[0]?.pointer).toBe('/quoteId');
    expect(await balance(accountId, 'BRL')).toMatchObject({ available: '50.00', pending: '0.00' });
    const after = await t.as(token, { method: 'GET', url: `/v1/quotes/${q.id}` });
    expect(after.json<QuoteBody>()).toMatchObject({ consumedAt: null, operationId: null });
    const ops = await t.as(token, {
      method: 'GET',
      url: `/v1/operations?accountId=${accountId}&type=SWAP`,
    });
    expect(ops.json<{ data: unknown[] }>().data).toEqual([]);

    // The deposit arrives a step later, well within the quote's 30 s.
    const deposit = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '50.00' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    clock.advance(STEP_MS);
    await runDueJobs(t);
    const res = await swap({ accountId, quoteId: q.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance(accountId, 'BRL')).toMatchObject({ available: '20.00', pending: '80.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses a swap into an asset that failed onboarding (ACCOUNT_NOT_ACTIVE) and leaves the quote usable', async () => {
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      name: 'FAIL_ONBOARDING_USDT',
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const q = await quote(accountId, '10.00');
    expectProblem(await swap({ accountId, quoteId: q.id }), 422, 'ACCOUNT_NOT_ACTIVE');
    const after = await t.as(token, { method: 'GET', url: `/v1/quotes/${q.id}` });
    expect(after.json<QuoteBody>()).toMatchObject({ operationId: null });
  });
});
