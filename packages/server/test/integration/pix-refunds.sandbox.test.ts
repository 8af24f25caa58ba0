import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { eventTypesOf } from '../helpers/quoted-operations.js';
import { postRefund, settleRail } from '../helpers/refunds.js';
import { railSteps } from '../helpers/rail-steps.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  accountHolder,
  activeAccount,
  approvedBeneficiary,
  receivedDeposit,
  useSandboxApp,
} from '../helpers/world.js';

const DAY_MS = 24 * 60 * 60_000;
const RETURN_ID = /^D[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;

// Issue 16 point 2: a PIX deposit received can be returned (devolução), in full or in parts
// never adding up to more than it received, within 90 days; each refund is its own operation.
describe.each(ENGINES)('PIX refunds on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine);

  it('refunds a whole deposit by default: held, PROCESSING with a return id, COMPLETED to the rail', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');

    const res = await postRefund(t, token, depositId, { reason: 'Order cancelled' });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json<OperationBody>();
    expect(res.headers.location).toBe(`/v1/operations/${refund.id}`);
    expect(refund).toMatchObject({
      type: 'PIX_REFUND',
      status: 'REQUESTED',
      accountId,
      asset: 'BRL',
      amount: '100.00',
      originalOperationId: depositId,
      refundReason: 'Order cancelled',
      endToEndId: null,
      reason: null,
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00', pending: '100.00' },
    ]);
    expect(await getOperation(t, token, depositId)).toMatchObject({
      refundedAmount: '100.00',
      reversedBy: null,
    });

    // Its devolução id comes with PROCESSING and stays (the steps: kinds.conformance).
    const { processing, done } = await railSteps(t, clock, token, refund.id);
    expect(processing.endToEndId).toMatch(RETURN_ID);
    expect(done).toMatchObject({ status: 'COMPLETED', endToEndId: processing.endToEndId });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00', pending: '0.00' },
    ]);

    const again = await postRefund(t, token, depositId, { reason: 'Twice' });
    const problem = expectProblem(again, 422, 'REFUND_AMOUNT_EXCEEDED');
    expect(problem.errors?.[0]?.pointer).toBe('/amount');
  });

  it('takes several partial refunds up to the amount received and refuses one cent more', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '500.00' },
    });
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');
    for (const amount of ['30.00', '50.00']) {
      const res = await postRefund(t, token, depositId, { amount, reason: 'Partial' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const tooMuch = expectProblem(
      await postRefund(t, token, depositId, { amount: '20.01', reason: 'Partial' }),
      422,
      'REFUND_AMOUNT_EXCEEDED',
    );
    expect(tooMuch.detail).toContain('20.00');
    expect(tooMuch.errors).toEqual([
      expect.objectContaining({ pointer: '/amount', in: 'body', code: 'REFUND_AMOUNT_EXCEEDED' }),
    ]);
    const last = await postRefund(t, token, depositId, { amount: '20.00', reason: 'Rest' });
    expect(last.statusCode, last.body).toBe(201);
    expectProblem(
      await postRefund(t, token, depositId, { amount: '0.01', reason: 'More' }),
      422,
      'REFUND_AMOUNT_EXCEEDED',
    );
    await settleRail(t, clock);
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '100.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '500.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('fails a refund of an amount ending in 66 on the rail: hold released, amount refundable again', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');
    const res = await postRefund(t, token, depositId, { amount: '10.66', reason: 'Magic' });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json<OperationBody>();
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '10.66' });

    await settleRail(t, clock);
    const failed = await getOperation(t, token, refund.id);
    expect(failed).toMatchObject({ status: 'FAILED', reason: { code: 'RAIL_REJECTED' } });
    expect(failed.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'FAILED']);
    expect(await eventTypesOf(t, refund.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '100.00', pending: '0.00' },
    ]);
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '0.00' });

    const whole = await postRefund(t, token, depositId, { reason: 'Whole after all' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json<OperationBody>().amount).toBe('100.00');
    await settleRail(t, clock);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refunds up to 90 days after the deposit completed, then refuses with REFUND_WINDOW_EXPIRED', async () => {
    const credentials = await t.customer();
    const accountId = await activeAccount(t, clock, credentials.token);
    const depositId = await receivedDeposit(t, clock, credentials.token, accountId, '100.00');

    clock.advance(90 * DAY_MS - 60_000);
    let token = await t.token(credentials);
    const inside = await postRefund(t, token, depositId, { amount: '1.00', reason: 'Late' });
    expect(inside.statusCode, inside.body).toBe(201);

    clock.advance(2 * 60_000);
    token = await t.token(credentials);
    const outside = expectProblem(
      await postRefund(t, token, depositId, { amount: '1.00', reason: 'Too late' }),
      422,
      'REFUND_WINDOW_EXPIRED',
    );
    expect(outside.errors?.[0]).toMatchObject({ pointer: '/operationId', in: 'path' });
    await settleRail(t, clock);
  });

  it("is 404 for another customer's deposit and an unknown id", async () => {
    const alice = await t.customer();
    const bob = await t.customer();
    const accountId = await activeAccount(t, clock, alice.token);
    const depositId = await receivedDeposit(t, clock, alice.token, accountId, '10.00');
    expectProblem(
      await postRefund(t, bob.token, depositId, { reason: 'Not mine' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await postRefund(t, alice.token, 'op_01JD0000000000000000000000', { reason: 'Unknown' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expect(await getOperation(t, alice.token, depositId)).toMatchObject({
      refundedAmount: '0.00',
    });
  });

  it('refuses what is not a COMPLETED PIX deposit with OPERATION_NOT_REFUNDABLE', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const crypto = await receivedDeposit(t, clock, token, accountId, '5.000000', 'USDT');
    // A deposit of an amount ending in 66 is never paid in the sandbox: it stays REQUESTED.
    const pending = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '7.66' });
    const to = await approvedBeneficiary(t, clock, token);
    const withdrawal = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      beneficiary: to,
    });
    for (const id of [
      crypto,
      pending.json<OperationBody>().id,
      withdrawal.json<OperationBody>().id,
    ]) {
      const problem = expectProblem(
        await postRefund(t, token, id, { reason: 'No' }),
        422,
        'OPERATION_NOT_REFUNDABLE',
      );
      expect(problem.errors?.[0]).toMatchObject({ pointer: '/operationId', in: 'path' });
    }
    await settleRail(t, clock);
  });

  it('refuses with INSUFFICIENT_BALANCE when the money was spent, holding and counting nothing', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');
    const to = await approvedBeneficiary(t, clock, token);
    const spent = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '80.00',
      beneficiary: to,
    });
    expect(spent.statusCode, spent.body).toBe(201);
    expectProblem(
      await postRefund(t, token, depositId, { amount: '50.00', reason: 'Spent' }),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '0.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '20.00', pending: '80.00' },
    ]);
    await settleRail(t, clock);
  });

  it('validates the body: reason required, 1 to 140 characters; the amount by its asset rules', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '10.00');
    for (const payload of [{}, { reason: '' }, { reason: 'x'.repeat(141) }]) {
      expectProblem(await postRefund(t, token, depositId, payload), 400, 'INVALID_DATA');
    }
    expectProblem(
      await postRefund(t, token, depositId, { amount: '1.001', reason: 'Precision' }),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
    expectProblem(
      await postRefund(t, token, depositId, { amount: '0.00', reason: 'Zero' }),
      400,
      'AMOUNT_MUST_BE_POSITIVE',
    );
  });

  it('answers a repeated Idempotency-Key with the same refund, refunding once', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '10.00');
    const headers = { 'idempotency-key': 'refund-once' };
    const first = await postRefund(t, token, depositId, { reason: 'Once' }, headers);
    const second = await postRefund(t, token, depositId, { reason: 'Once' }, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<OperationBody>().id).toBe(first.json<OperationBody>().id);
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '10.00' });
    await settleRail(t, clock);
  });
});
