import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
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
import { ENGINES } from '../helpers/test-db.js';
import {
  accountHolder,
  activeAccount,
  approvedBeneficiary,
  receivedDeposit,
  useSandboxApp,
} from '../helpers/world.js';

interface OperatorOperation {
  customerId: string;
  operation: OperationBody;
}

const REASON = { code: 'FRAUD_CONFIRMED', message: 'Chargeback from the paying institution.' };

// Issue 16 point 2: the back-office reverses a COMPLETED deposit or withdrawal with a new,
// compensating REVERSAL operation (never an edit of the original), once, audited.
describe.each(ENGINES)('back-office reversals on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: ADMIN_ENV });

  const reverse = (id: string, reason: object = REASON) =>
    asAdmin(
      t,
      { method: 'POST', url: `/admin/v1/operations/${id}/reverse`, payload: { reason } },
      'ops@cofre',
    );
  const statement = async (token: string, accountId: string) => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/statement?asset=BRL&sortOrder=ASCENDING&limit=100`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { direction: string; amount: string; operationId: string }[] }>().data;
  };

  it('reverses a COMPLETED deposit: a COMPLETED REVERSAL debits the account, audited, with events', async () => {
    const { token, customerId } = await t.customer();
    const accountId = await activeAccount(t, clock, token);
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');

    const res = await reverse(depositId);
    expect(res.statusCode, res.body).toBe(201);
    const { customerId: owner, operation: reversal } = res.json<OperatorOperation>();
    expect(owner).toBe(customerId);
    expect(res.headers.location).toBe(`/admin/v1/operations/${reversal.id}`);
    expect(reversal).toMatchObject({
      type: 'REVERSAL',
      status: 'COMPLETED',
      accountId,
      asset: 'BRL',
      amount: '100.00',
      originalOperationId: depositId,
      originalType: 'DEPOSIT',
      reversalReason: REASON,
      reason: null,
    });
    expect(reversal.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await getOperation(t, token, reversal.id)).toEqual(reversal);
    const original = await getOperation(t, token, depositId);
    expect(original).toMatchObject({
      status: 'COMPLETED',
      amount: '100.00',
      receivedAmount: '100.00',
      reversedBy: reversal.id,
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00', pending: '0.00' },
    ]);
    expect((await statement(token, accountId)).at(-1)).toMatchObject({
      direction: 'DEBIT',
      amount: '100.00',
      operationId: reversal.id,
    });
    expect(await eventTypesOf(t, reversal.id)).toEqual([
      'OPERATION_REQUESTED',
      'OPERATION_COMPLETED',
    ]);
    const audit = (await auditRows(t)).at(-1)!;
    expect(audit).toMatchObject({
      actor: 'ops@cofre',
      action: 'OPERATION_REVERSED',
      subject_type: 'OPERATION',
      subject_id: depositId,
    });
    expect(JSON.parse(audit.before!)).toMatchObject({ operation: { reversedBy: null } });
    expect(JSON.parse(audit.after!)).toMatchObject({
      customerId,
      operation: { id: depositId, reversedBy: reversal.id },
      reversal: { id: reversal.id, type: 'REVERSAL' },
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);

    // A reversed deposit cannot be refunded too.
    expectProblem(
      await postRefund(t, token, depositId, { reason: 'After the reversal' }),
      422,
      'OPERATION_NOT_REFUNDABLE',
    );
  });

  it('reverses a COMPLETED withdrawal: the amount comes back from clearing into available', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const sent = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '30.00',
      beneficiary: to,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const withdrawalId = sent.json<OperationBody>().id;
    await settleRail(t, clock);
    expect((await getOperation(t, token, withdrawalId)).status).toBe('COMPLETED');
    const before = await balancesOf(t, token, accountId);

    const res = await reverse(withdrawalId);
    expect(res.statusCode, res.body).toBe(201);
    const reversal = res.json<OperatorOperation>().operation;
    expect(reversal).toMatchObject({
      type: 'REVERSAL',
      status: 'COMPLETED',
      amount: '30.00',
      originalType: 'WITHDRAWAL',
      originalOperationId: withdrawalId,
    });
    const cents = (s: string) => Math.round(Number(s) * 100);
    const after = await balancesOf(t, token, accountId);
    expect(cents(after[0]!.available) - cents(before[0]!.available)).toBe(3000);
    expect(after[0]!.pending).toBe('0.00');
    expect((await statement(token, accountId)).at(-1)).toMatchObject({
      direction: 'CREDIT',
      amount: '30.00',
      operationId: reversal.id,
    });
    expect(await getOperation(t, token, withdrawalId)).toMatchObject({
      status: 'COMPLETED',
      reversedBy: reversal.id,
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('reverses each operation once: a second reversal is 409 ALREADY_REVERSED, even concurrently', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '500.00' },
    });
    const first = await receivedDeposit(t, clock, token, accountId, '10.00');
    expect((await reverse(first)).statusCode).toBe(201);
    const audits = (await auditRows(t)).length;
    expectProblem(await reverse(first), 409, 'ALREADY_REVERSED');
    expect((await auditRows(t)).length).toBe(audits);

    const second = await receivedDeposit(t, clock, token, accountId, '10.00');
    const answers = await Promise.all([reverse(second), reverse(second), reverse(second)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const reversals = await t.handle.db
      .selectFrom('operations')
      .select('id')
      .where('account_id', '=', accountId)
      .where('type', '=', 'REVERSAL')
      .execute();
    expect(reversals).toHaveLength(2);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '500.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('reverses what a partly refunded deposit kept, and refuses one refunded in full', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const partly = await receivedDeposit(t, clock, token, accountId, '100.00');
    const whole = await receivedDeposit(t, clock, token, accountId, '20.00');
    expect(
      (await postRefund(t, token, partly, { amount: '30.00', reason: 'Part' })).statusCode,
    ).toBe(201);
    expect((await postRefund(t, token, whole, { reason: 'All' })).statusCode).toBe(201);
    await settleRail(t, clock);

    const res = await reverse(partly);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OperatorOperation>().operation.amount).toBe('70.00');
    expectProblem(await reverse(whole), 409, 'INVALID_STATE');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '100.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses with nothing changed: balance short, not COMPLETED, another type, unknown', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');
    const refund = await postRefund(t, token, depositId, { amount: '1.00', reason: 'Part' });
    expect(refund.statusCode, refund.body).toBe(201);
    const refundId = refund.json<OperationBody>().id;
    const pending = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '5.66' });
    const to = await approvedBeneficiary(t, clock, token);
    const spent = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '80.00',
      beneficiary: to,
    });
    expect(spent.statusCode, spent.body).toBe(201);
    const audits = (await auditRows(t)).length;

    // 99.00 left to reverse (100.00 less the 1.00 refunded), 19.00 available.
    const short = expectProblem(await reverse(depositId), 422, 'INSUFFICIENT_BALANCE');
    expect(short.detail).toContain('99.00');
    expectProblem(await reverse(pending.json<OperationBody>().id), 409, 'INVALID_STATE');
    expectProblem(await reverse(refundId), 409, 'INVALID_STATE');
    expectProblem(await reverse('op_01JD0000000000000000000000'), 404, 'RESOURCE_NOT_FOUND');
    expect((await auditRows(t)).length).toBe(audits);
    expect(await getOperation(t, token, depositId)).toMatchObject({ reversedBy: null });
    const reversals = await t.handle.db
      .selectFrom('operations')
      .select('id')
      .where('account_id', '=', accountId)
      .where('type', '=', 'REVERSAL')
      .execute();
    expect(reversals).toEqual([]);
    await settleRail(t, clock);
  });

  it('is not reachable with a customer token', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const depositId = await receivedDeposit(t, clock, token, accountId, '10.00');
    const res = await t.as(token, {
      method: 'POST',
      url: `/admin/v1/operations/${depositId}/reverse`,
      payload: { reason: REASON },
    });
    expectProblem(res, 401, 'ADMIN_UNAUTHORIZED');
    expect(await getOperation(t, token, depositId)).toMatchObject({ reversedBy: null });
  });
});
