import { houseBalance } from '../../src/ledger/balances.repository.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { buildBrCode } from '../../src/pix/br-code.js';
import { END_TO_END_ID } from '../../src/pix/end-to-end-id.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { expectNothingMoved, moneyOf } from '../helpers/nothing-moved.js';
import { railSteps } from '../helpers/rail-steps.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount } from '../helpers/world.js';

// Issue 8 points 5, 7, 8, 9 and 11 (PIX): a PIX payment holds amount + fee at creation, goes
// PROCESSING with an end-to-end id, then COMPLETED (amount to clearing, fee to sys_fees) or
// FAILED (hold released); every refusal moves nothing. Fees here: 1 % + BRL 0.50.
const FEES = JSON.stringify({ PIX_PAYMENT: { percentage: '1', fixed: { BRL: '0.50' } } });
const MARIA = { keyType: 'EMAIL', key: 'maria@example.com' };

describe.each(ENGINES)('PIX payments in the sandbox on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: {
        COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
        COFRE_DATABASE_POOL_SIZE: '10',
        COFRE_FEES: FEES,
      },
    });
  });
  afterAll(() => t.close());

  const pay = (token: string, payload: Record<string, unknown>, headers = {}) =>
    t.as(token, { method: 'POST', url: '/v1/operations/pixPayment', payload, headers });
  const funded = async (token: string, amount = '100.00') =>
    activeAccount(t, clock, token, { fund: { asset: 'BRL', amount } });
  const settle = async () => {
    clock.advance(STEP_MS * 1.5);
    await runDueJobs(t);
  };
  const eventsOf = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => ({
      type: e.type,
      status: (JSON.parse(e.payload) as { data: { status: string } }).data.status,
    }));
  const feeBalance = async () => (await houseBalance(t.handle.db, 'sys_fees', 'BRL')).available;
  const statement = async (token: string, accountId: string) => {
    const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${accountId}/statement` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      data: {
        operationId: string | null;
        direction: string;
        amount: string;
        balanceAfter: string;
      }[];
    }>().data;
  };

  it('pays a key: amount + fee held, PROCESSING with an end-to-end id, COMPLETED with the fee to sys_fees', async () => {
    const { token } = await t.customer();
    const accountId = await funded(token);
    const feesBefore = await feeBalance();
    const res = await pay(token, {
      accountId,
      amount: '10.00',
      pixKey: MARIA,
      description: 'Rent',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OperationBody>();
    expect(res.headers.location).toBe(`/v1/operations/${created.id}`);
    expect(created).toMatchObject({
      type: 'PIX_PAYMENT',
      status: 'REQUESTED',
      accountId,
      asset: 'BRL',
      amount: '10.00',
      fees: [
        { type: 'PERCENTAGE', amount: '0.10', asset: 'BRL' },
        { type: 'ABSOLUTE', amount: '0.50', asset: 'BRL' },
      ],
      pixKey: MARIA,
      recipient: {
        keyType: 'EMAIL',
        key: 'maria@example.com',
        holder: { type: 'INDIVIDUAL', name: 'Pau** Car** Gom**', taxId: '***.946.519-**' },
        bank: { ispb: '90400888', name: 'Banco Santander (Brasil) S.A.' },
      },
      brCode: null,
      txid: null,
      description: 'Rent',
      endToEndId: null,
      reason: null,
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '89.40', pending: '10.60' },
    ]);

    // The end-to-end id comes with PROCESSING and stays (the steps: kinds.conformance).
    const { processing, done } = await railSteps(t, clock, token, created.id);
    expect(processing.endToEndId).toMatch(END_TO_END_ID);
    expect(processing.endToEndId as string).toHaveLength(32);
    expect(done).toMatchObject({ status: 'COMPLETED', endToEndId: processing.endToEndId });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '89.40', pending: '0.00' },
    ]);
    expect((await feeBalance()) - feesBefore).toBe(60n);
    // The statement shows the hold as one debit of amount + fee, tied to the operation.
    expect((await statement(token, accountId))[0]).toMatchObject({
      operationId: created.id,
      direction: 'DEBIT',
      amount: '10.60',
      balanceAfter: '89.40',
    });
    // Each change announced in its own transaction, showing the state it reached.
    expect(await eventsOf(created.id)).toEqual([
      { type: 'OPERATION_REQUESTED', status: 'REQUESTED' },
      { type: 'OPERATION_COMPLETED', status: 'COMPLETED' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('pays a copy-and-paste code: its key, amount and txid', async () => {
    const { token } = await t.customer();
    const accountId = await funded(token);
    const brCode = buildBrCode({
      key: 'loja@example.com',
      amount: '20.00',
      merchantName: 'Loja da Esquina',
      merchantCity: 'Rio de Janeiro',
      txid: 'PEDIDO42',
    });
    const res = await pay(token, { accountId, brCode });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OperationBody>()).toMatchObject({
      amount: '20.00',
      pixKey: { keyType: 'EMAIL', key: 'loja@example.com' },
      recipient: { key: 'loja@example.com' },
      brCode,
      txid: 'PEDIDO42',
    });
    // The same amount given explicitly is fine too, however written.
    expect((await pay(token, { accountId, brCode, amount: '20.0' })).statusCode).toBe(201);
    // A code without an amount takes the request's.
    const open = buildBrCode({
      key: '+5521987654321',
      merchantName: 'Feira',
      merchantCity: 'Rio',
      txid: '***',
    });
    const openRes = await pay(token, { accountId, brCode: open, amount: '5.00' });
    expect(openRes.statusCode, openRes.body).toBe(201);
    expect(openRes.json<OperationBody>()).toMatchObject({
      amount: '5.00',
      pixKey: { keyType: 'PHONE', key: '+5521987654321' },
      txid: null,
    });
    // Held: 20 + 0.20 + 0.50 twice, then 5 + 0.05 + 0.50.
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '53.05', pending: '46.95' },
    ]);
    await settle();
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '53.05', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses each rule with its own code and moves nothing', async () => {
    const { token } = await t.customer();
    const accountId = await funded(token, '20.00');
    const before = await moneyOf(t, token, accountId);
    const code = (amount?: string) =>
      buildBrCode({
        key: 'loja@example.com',
        ...(amount ? { amount } : {}),
        merchantName: 'Loja',
        merchantCity: 'Rio',
        txid: '***',
      });

    // 19.50 + 1 % (0.20, rounded up) + 0.50 > 20.00.
    expectProblem(
      await pay(token, { accountId, amount: '19.50', pixKey: MARIA }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    const unknown = expectProblem(
      await pay(token, {
        accountId,
        amount: '1.00',
        pixKey: { keyType: 'EMAIL', key: 'unknown@example.com' },
      }),
      404,
      'PIX_KEY_NOT_FOUND',
    );
    expect(unknown.errors).toMatchObject([{ pointer: '/pixKey/key' }]);
    expectProblem(
      await pay(token, {
        accountId,
        brCode: buildBrCode({
          key: '00000000-0000-0000-0000-000000000000',
          amount: '1.00',
          merchantName: 'X',
          merchantCity: 'Y',
          txid: '***',
        }),
      }),
      404,
      'PIX_KEY_NOT_FOUND',
    );
    const badCrc = `${code('1.00').slice(0, -4)}0000`;
    expectProblem(await pay(token, { accountId, brCode: badCrc }), 400, 'INVALID_BR_CODE');
    expectProblem(
      await pay(token, { accountId, brCode: code('1.00'), amount: '2.00' }),
      422,
      'BR_CODE_AMOUNT_MISMATCH',
    );
    const noAmount = expectProblem(
      await pay(token, { accountId, brCode: code() }),
      400,
      'INVALID_DATA',
    );
    expect(noAmount.errors).toMatchObject([{ pointer: '/amount', code: 'REQUIRED' }]);
    expectProblem(await pay(token, { accountId, pixKey: MARIA }), 400, 'INVALID_DATA');
    const both = expectProblem(
      await pay(token, { accountId, amount: '1.00', pixKey: MARIA, brCode: code('1.00') }),
      400,
      'INVALID_DATA',
    );
    expect(both.errors).toMatchObject([{ code: 'MUTUALLY_EXCLUSIVE' }]);
    expectProblem(await pay(token, { accountId, amount: '1.00' }), 400, 'INVALID_DATA');
    const badKey = expectProblem(
      await pay(token, {
        accountId,
        amount: '1.00',
        pixKey: { keyType: 'CPF', key: '52998224726' },
      }),
      400,
      'INVALID_DATA',
    );
    expect(badKey.errors).toMatchObject([{ pointer: '/pixKey/key', code: 'INVALID_CHECK_DIGITS' }]);
    expectProblem(
      await pay(token, { accountId, amount: '1.001', pixKey: MARIA }),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
    // An account still OPENING, and one whose BRL failed onboarding.
    const opening = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    expectProblem(
      await pay(token, {
        accountId: opening.json<{ id: string }>().id,
        amount: '1.00',
        pixKey: MARIA,
      }),
      422,
      'ACCOUNT_NOT_ACTIVE',
    );
    const failed = await activeAccount(t, clock, token, { name: 'FAIL_ONBOARDING_BRL' });
    expectProblem(
      await pay(token, { accountId: failed, amount: '1.00', pixKey: MARIA }),
      422,
      'ACCOUNT_NOT_ACTIVE',
    );
    const usdtOnly = await activeAccount(t, clock, token, { assets: ['USDT'] });
    expectProblem(
      await pay(token, { accountId: usdtOnly, amount: '1.00', pixKey: MARIA }),
      422,
      'ASSET_NOT_ENABLED',
    );
    expectProblem(
      await pay(token, { accountId: 'acc_nope', amount: '1.00', pixKey: MARIA }),
      404,
      'RESOURCE_NOT_FOUND',
    );

    await expectNothingMoved(t, token, accountId, before);
  });

  it.each([
    [
      'a rejecting key',
      { amount: '10.00', pixKey: { keyType: 'EMAIL', key: 'reject@example.com' } },
      'PIX_PAYMENT_REJECTED',
    ],
    ['an amount ending in 66', { amount: '10.66', pixKey: MARIA }, 'RAIL_REJECTED'],
  ])(
    'magic value: %s goes PROCESSING then FAILED, hold and fee released',
    async (_, body, reason) => {
      const { token } = await t.customer();
      const accountId = await funded(token);
      const feesBefore = await feeBalance();
      const res = await pay(token, { accountId, ...body });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<OperationBody>().id;
      await settle();
      const failed = await getOperation(t, token, id);
      expect(failed).toMatchObject({ status: 'FAILED', reason: { code: reason } });
      expect(failed.endToEndId).toMatch(END_TO_END_ID);
      expect(failed.states.map((s) => [s.status, s.reason?.code ?? null])).toEqual([
        ['REQUESTED', null],
        ['PROCESSING', null],
        ['FAILED', reason],
      ]);
      expect(await balancesOf(t, token, accountId)).toMatchObject([
        { asset: 'BRL', available: '100.00', pending: '0.00' },
      ]);
      expect(await feeBalance()).toBe(feesBefore);
      expect(await eventsOf(id)).toEqual([
        { type: 'OPERATION_REQUESTED', status: 'REQUESTED' },
        { type: 'OPERATION_FAILED', status: 'FAILED' },
      ]);
      expect(await verifyLedger(t.handle.db)).toEqual([]);
    },
  );

  it('accepts exactly 7 of 20 concurrent payments of 10.00 (+0.60 fee) against 75.00; available never negative', async () => {
    const { token } = await t.customer();
    const accountId = await funded(token, '75.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(token, { accountId, amount: '10.00', pixKey: MARIA })),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(7);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expectProblem(r, 422, 'INSUFFICIENT_BALANCE');
    }
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.80', pending: '74.20' },
    ]);
    const rows = await t.handle.db
      .selectFrom('ledger_balances')
      .select('available')
      .where('account_id', '=', accountId)
      .execute();
    for (const row of rows) expect(row.available).toBeGreaterThanOrEqual(0);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    await settle();
    for (const r of created) {
      expect((await getOperation(t, token, r.json<OperationBody>().id)).status).toBe('COMPLETED');
    }
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.80', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
