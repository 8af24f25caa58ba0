import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { END_TO_END_ID } from '../../src/pix/end-to-end-id.js';
import { BANK, WALLET, postInstruction } from '../helpers/beneficiaries.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  STEP_MS,
  balancesOf,
  getOperation,
  postDeposit,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { expectNothingMoved, moneyOf } from '../helpers/nothing-moved.js';
import { railSteps } from '../helpers/rail-steps.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary } from '../helpers/world.js';

// Issue 7 points 7, 8, 9 and 12: withdrawals hold the money at once, go PROCESSING then
// COMPLETED (hold captured) or FAILED (hold released); every refusal moves nothing.
describe.each(ENGINES)('withdrawals on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS), COFRE_DATABASE_POOL_SIZE: '10' },
    });
  });
  afterAll(() => t.close());

  const withdrawal = (
    accountId: string,
    to: { id: string; paymentInstructionId: string },
    amount: string,
    extra = {},
  ) => ({
    accountId,
    asset: 'BRL',
    amount,
    beneficiary: to,
    ...extra,
  });

  it('holds, then PROCESSING with an end-to-end id, then COMPLETED with the hold captured', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const res = await postWithdrawal(
      t,
      token,
      withdrawal(accountId, to, '30.00', { description: 'Invoice 7' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OperationBody>();
    expect(res.headers.location).toBe(`/v1/operations/${created.id}`);
    expect(created).toMatchObject({
      type: 'WITHDRAWAL',
      status: 'REQUESTED',
      accountId,
      asset: 'BRL',
      amount: '30.00',
      reason: null,
      description: 'Invoice 7',
      endToEndId: null,
      beneficiary: {
        id: to.id,
        paymentInstructionId: to.paymentInstructionId,
        holder: { type: 'INDIVIDUAL', name: 'Maria Silva' },
        paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'pay@example.com' },
      },
    });
    expect(created.states.map((s) => s.status)).toEqual(['REQUESTED']);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '70.00', pending: '30.00' },
    ]);

    // The end-to-end id comes with PROCESSING and stays (the steps: kinds.conformance).
    const { processing, done } = await railSteps(t, clock, token, created.id);
    expect(processing.endToEndId).toMatch(END_TO_END_ID);
    expect(processing.endToEndId as string).toHaveLength(32);
    expect(done).toMatchObject({ status: 'COMPLETED', endToEndId: processing.endToEndId });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '70.00', pending: '0.00' },
    ]);
  });

  it('gives bank-account withdrawals an end-to-end id and crypto ones none', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '10.00' },
    });
    const deposit = await postDeposit(t, token, { accountId, asset: 'USDT', amount: '5.000000' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const bank = await approvedBeneficiary(t, clock, token, { paymentInstruction: BANK });
    const wallet = await approvedBeneficiary(t, clock, token, { paymentInstruction: WALLET });
    const viaBank = await postWithdrawal(t, token, withdrawal(accountId, bank, '1.00'));
    const viaWallet = await postWithdrawal(t, token, {
      ...withdrawal(accountId, wallet, '1.000000'),
      asset: 'USDT',
    });
    expect(viaWallet.statusCode, viaWallet.body).toBe(201);
    clock.advance(STEP_MS * 1.5);
    await runDueJobs(t);
    const bankDone = await getOperation(t, token, viaBank.json<OperationBody>().id);
    expect(bankDone.status).toBe('COMPLETED');
    expect(bankDone.endToEndId).toMatch(END_TO_END_ID);
    const walletDone = await getOperation(t, token, viaWallet.json<OperationBody>().id);
    expect(walletDone).toMatchObject({
      status: 'COMPLETED',
      endToEndId: null,
      beneficiary: { paymentInstruction: { rail: 'CRYPTO_WALLET', network: 'TRON' } },
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '9.00', pending: '0.00' },
      { asset: 'USDT', available: '4.000000', pending: '0.000000' },
    ]);
  });

  it('refuses each rule with its own code and moves nothing', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const before = await moneyOf(t, token, accountId);

    expectProblem(
      await postWithdrawal(t, token, withdrawal(accountId, to, '100.01')),
      422,
      'INSUFFICIENT_BALANCE',
    );
    // USDT asked of a BRL instruction.
    expectProblem(
      await postWithdrawal(t, token, { ...withdrawal(accountId, to, '1.00'), asset: 'USDT' }),
      422,
      'ASSET_MISMATCH',
    );
    // An instruction still PENDING_REVIEW.
    const pending = await postInstruction(t, token, to.id, WALLET);
    expect(pending.statusCode, pending.body).toBe(201);
    const pendingTo = { id: to.id, paymentInstructionId: pending.json<{ id: string }>().id };
    expectProblem(
      await postWithdrawal(t, token, {
        ...withdrawal(accountId, pendingTo, '1.00'),
        asset: 'USDT',
      }),
      422,
      'PAYMENT_INSTRUCTION_NOT_APPROVED',
    );
    // A REJECTED one.
    const rejected = await approvedBeneficiary(t, clock, token, {
      holder: { type: 'INDIVIDUAL', name: 'Reject Me', taxId: '52998224725' },
    });
    expectProblem(
      await postWithdrawal(t, token, withdrawal(accountId, rejected, '1.00')),
      422,
      'PAYMENT_INSTRUCTION_NOT_APPROVED',
    );
    // Not held by the account: 422 ASSET_NOT_ENABLED.
    expectProblem(
      await postWithdrawal(t, token, { ...withdrawal(accountId, to, '1.00'), asset: 'BTC' }),
      422,
      'ASSET_NOT_ENABLED',
    );
    // An account still OPENING (its onboarding step not run).
    const opening = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    const openingId = opening.json<{ id: string }>().id;
    expectProblem(
      await postWithdrawal(t, token, withdrawal(openingId, to, '1.00')),
      422,
      'ACCOUNT_NOT_ACTIVE',
    );
    // An asset that failed onboarding on an otherwise ACTIVE account.
    const partly = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      name: 'FAIL_ONBOARDING_USDT',
    });
    const walletTo = await approvedBeneficiary(t, clock, token, { paymentInstruction: WALLET });
    expectProblem(
      await postWithdrawal(t, token, { ...withdrawal(partly, walletTo, '1.00'), asset: 'USDT' }),
      422,
      'ACCOUNT_NOT_ACTIVE',
    );
    // A removed instruction.
    const removed = await t.as(token, {
      method: 'DELETE',
      url: `/v1/beneficiaries/${to.id}/paymentInstructions/${to.paymentInstructionId}`,
    });
    expect(removed.statusCode).toBe(204);
    expectProblem(
      await postWithdrawal(t, token, withdrawal(accountId, to, '1.00')),
      422,
      'PAYMENT_INSTRUCTION_REMOVED',
    );
    // Amount rules.
    expectProblem(
      await postWithdrawal(t, token, withdrawal(accountId, to, '1.001')),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
    expectProblem(
      await postWithdrawal(t, token, withdrawal(accountId, to, '0')),
      400,
      'AMOUNT_MUST_BE_POSITIVE',
    );

    await expectNothingMoved(t, token, accountId, before);
  });

  it('accepts exactly 10 of 50 concurrent withdrawals of 10 against 100; available never negative', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        postWithdrawal(t, token, withdrawal(accountId, to, '10.00')),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(40);
    for (const r of refused) expectProblem(r, 422, 'INSUFFICIENT_BALANCE');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00', pending: '100.00' },
    ]);
    const rows = await t.handle.db
      .selectFrom('ledger_balances')
      .select('available')
      .where('account_id', '=', accountId)
      .execute();
    for (const row of rows) expect(row.available).toBeGreaterThanOrEqual(0);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    // All ten settle; the money leaves once.
    clock.advance(STEP_MS * 1.5);
    await runDueJobs(t);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('the same Idempotency-Key 20 times at once makes one withdrawal and one hold', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const body = withdrawal(accountId, to, '25.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postWithdrawal(t, token, body, { 'Idempotency-Key': 'same-key-20' }),
      ),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((a) => a.statusCode !== 201))
      expectProblem(r, 409, 'IDEMPOTENCY_IN_PROGRESS');
    expect(new Set(created.map((r) => r.json<OperationBody>().id)).size).toBe(1);
    const replay = await postWithdrawal(t, token, body, { 'Idempotency-Key': 'same-key-20' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectProblem(
      await postWithdrawal(
        t,
        token,
        { ...body, amount: '26.00' },
        { 'Idempotency-Key': 'same-key-20' },
      ),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    const ops = await t.handle.db
      .selectFrom('operations')
      .select('id')
      .where('account_id', '=', accountId)
      .where('type', '=', 'WITHDRAWAL')
      .execute();
    expect(ops).toHaveLength(1);
    const holds = await t.handle.db
      .selectFrom('ledger_holds')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(holds).toHaveLength(1);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '75.00', pending: '25.00' },
    ]);
  });
});
