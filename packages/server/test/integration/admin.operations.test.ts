import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { END_TO_END_ID } from '../../src/pix/end-to-end-id.js';
import { ADMIN_ENV, asAdmin, auditRows, operatorAction } from '../helpers/admin.js';
import { createBeneficiary } from '../helpers/beneficiaries.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { expandQueuedEvents } from '../helpers/fan-out.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface OperatorOperation {
  customerId: string;
  operation: OperationBody;
}

// Issue 7 point 10: in production no simulator runs, so the back-office moves money: it marks
// deposits received, completes or fails withdrawals, through the same lifecycle functions as
// the simulator (state history, ledger, events in one transaction) plus one audit row each.
describe.each(ENGINES)('admin operations in production on %s', (engine) => {
  let customer: { token: string; customerId: string };
  let subscriptionId: string;

  const t = useTestApp(engine, {
    clock: new ManualClock(),
    env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' },
    resolve: () => Promise.resolve(['93.184.216.34']),
  });

  beforeAll(async () => {
    customer = await t.customer('Alice');
    const subscription = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'https://hooks.example.com/cofre', includeAll: true },
    });
    expect(subscription.statusCode, subscription.body).toBe(201);
    subscriptionId = subscription.json<{ id: string }>().id;
  });

  /** The events of that type about the operation; each must be queued for the subscription. */
  const eventsOf = async (type: string, resourceId: string) => {
    // No worker runs here: expand the events' fan-out jobs (and only those) before reading.
    await expandQueuedEvents(t);
    const events = await t.handle.db
      .selectFrom('events')
      .select(['id', 'type', 'customer_id'])
      .where('type', '=', type)
      .where('resource_id', '=', resourceId)
      .execute();
    for (const event of events) {
      const messages = await t.handle.db
        .selectFrom('messages')
        .select('subscription_id')
        .where('event_id', '=', event.id)
        .execute();
      expect(messages, `${type} queued for the webhook`).toEqual([
        { subscription_id: subscriptionId },
      ]);
    }
    return events.map(({ type: eventType, customer_id }) => ({ type: eventType, customer_id }));
  };
  const auditCount = async () => (await auditRows(t)).length;
  const expectLedgerClean = async () => expect(await verifyLedger(t.handle.db)).toEqual([]);

  /** An ACTIVE BRL account, activated by the operator (nothing else would in production). */
  const activeAccount = async (): Promise<string> => {
    const res = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const accountId = res.json<{ id: string }>().id;
    const activated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/assets/BRL/activate`,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    return accountId;
  };

  const requestDeposit = async (accountId: string, amount: string): Promise<string> => {
    const res = await postDeposit(t, customer.token, { accountId, asset: 'BRL', amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>().id;
  };

  const fundedAccount = async (amount: string): Promise<string> => {
    const accountId = await activeAccount();
    const received = await operatorAction(t, 'receive', await requestDeposit(accountId, amount));
    expect(received.statusCode, received.body).toBe(200);
    return accountId;
  };

  const requestWithdrawal = async (accountId: string, amount: string): Promise<string> => {
    const beneficiary = await createBeneficiary(t, customer.token);
    const instructionId = beneficiary.paymentInstructions[0]!.id;
    const approved = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${instructionId}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const res = await postWithdrawal(t, customer.token, {
      accountId,
      asset: 'BRL',
      amount,
      beneficiary: { id: beneficiary.id, paymentInstructionId: instructionId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>().id;
  };

  const brl = async (accountId: string) =>
    (await balancesOf(t, customer.token, accountId)).find((b) => b.asset === 'BRL')!;

  it('reads any customer’s operation with whose it is, 404 for an unknown one', async () => {
    const accountId = await activeAccount();
    const id = await requestDeposit(accountId, '10.00');
    const res = await asAdmin(t, { method: 'GET', url: `/admin/v1/operations/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorOperation>()).toMatchObject({
      customerId: customer.customerId,
      operation: { id, type: 'DEPOSIT', status: 'REQUESTED', amount: '10.00' },
    });
    expectProblem(
      await asAdmin(t, { method: 'GET', url: '/admin/v1/operations/op_unknown' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('marks a deposit received: credited, COMPLETED, its event, one audit row', async () => {
    const accountId = await activeAccount();
    const id = await requestDeposit(accountId, '250.00');
    const rows = await auditCount();

    const res = await operatorAction(t, 'receive', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorOperation>().operation).toMatchObject({
      status: 'COMPLETED',
      amount: '250.00',
      receivedAmount: '250.00',
    });
    const seen = await getOperation(t, customer.token, id);
    expect(seen.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await brl(accountId)).toMatchObject({ available: '250.00', pending: '0.00' });
    expect(await eventsOf('OPERATION_COMPLETED', id)).toEqual([
      { type: 'OPERATION_COMPLETED', customer_id: customer.customerId },
    ]);

    const audit = await auditRows(t);
    expect(audit).toHaveLength(rows + 1);
    expect(audit.at(-1)).toMatchObject({
      action: 'DEPOSIT_RECEIVED',
      subject_type: 'OPERATION',
      subject_id: id,
    });
    expect(JSON.parse(audit.at(-1)!.before!)).toMatchObject({ operation: { status: 'REQUESTED' } });
    expect(JSON.parse(audit.at(-1)!.after!)).toMatchObject({ operation: { status: 'COMPLETED' } });
    await expectLedgerClean();

    // Settled for good: every further action is 409 and audits nothing; money did not move.
    expectProblem(await operatorAction(t, 'receive', id), 409, 'INVALID_STATE');
    expectProblem(await operatorAction(t, 'complete', id), 409, 'INVALID_STATE');
    expectProblem(
      await operatorAction(t, 'fail', id, { reason: { code: 'LATE', message: 'Too late' } }),
      409,
      'INVALID_STATE',
    );
    expect(await auditCount()).toBe(rows + 1);
    expect(await brl(accountId)).toMatchObject({ available: '250.00' });
  });

  it('credits a different amount when that is what arrived (receivedAmount)', async () => {
    const accountId = await activeAccount();
    const id = await requestDeposit(accountId, '100.00');
    const res = await operatorAction(t, 'receive', id, { amount: '99.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorOperation>().operation).toMatchObject({
      status: 'COMPLETED',
      amount: '100.00',
      receivedAmount: '99.50',
    });
    expect(await brl(accountId)).toMatchObject({ available: '99.50' });
    await expectLedgerClean();
  });

  it('validates the received amount by the asset’s rules, auditing nothing', async () => {
    const accountId = await activeAccount();
    const id = await requestDeposit(accountId, '100.00');
    const rows = await auditCount();
    expectProblem(
      await operatorAction(t, 'receive', id, { amount: '1.001' }),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
    expectProblem(
      await operatorAction(t, 'receive', id, { amount: '0' }),
      400,
      'AMOUNT_MUST_BE_POSITIVE',
    );
    expectProblem(await operatorAction(t, 'receive', id, { amount: 'ten' }), 400, 'INVALID_DATA');
    expect(await auditCount()).toBe(rows);
    expect((await getOperation(t, customer.token, id)).status).toBe('REQUESTED');
  });

  it('refuses to complete a deposit (receive records what arrived) or receive a withdrawal', async () => {
    const accountId = await fundedAccount('50.00');
    const deposit = await requestDeposit(accountId, '10.00');
    const withdrawal = await requestWithdrawal(accountId, '5.00');
    const rows = await auditCount();
    const refused = expectProblem(
      await operatorAction(t, 'complete', deposit),
      409,
      'INVALID_STATE',
    );
    expect(refused.detail).toContain('/receive');
    expectProblem(await operatorAction(t, 'receive', withdrawal), 409, 'INVALID_STATE');
    expect(await auditCount()).toBe(rows);
    expect((await getOperation(t, customer.token, deposit)).status).toBe('REQUESTED');
    expect((await getOperation(t, customer.token, withdrawal)).status).toBe('REQUESTED');
  });

  it('fails a deposit: FAILED with the reason, nothing credited, its event', async () => {
    const accountId = await activeAccount();
    const id = await requestDeposit(accountId, '40.00');
    const reason = { code: 'FUNDS_RETURNED', message: 'The payer bank returned the funds.' };
    const res = await operatorAction(t, 'fail', id, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorOperation>().operation).toMatchObject({
      status: 'FAILED',
      reason,
      receivedAmount: null,
    });
    expect(await brl(accountId)).toMatchObject({ available: '0.00', pending: '0.00' });
    expect(await eventsOf('OPERATION_FAILED', id)).toHaveLength(1);
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'OPERATION_FAILED',
      subject_id: id,
    });
    await expectLedgerClean();
  });

  it('completes a REQUESTED withdrawal through PROCESSING: end-to-end id, hold captured', async () => {
    const accountId = await fundedAccount('100.00');
    const id = await requestWithdrawal(accountId, '30.00');
    expect(await brl(accountId)).toMatchObject({ available: '70.00', pending: '30.00' });
    const rows = await auditCount();

    const res = await operatorAction(t, 'complete', id);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<OperatorOperation>().operation;
    expect(done.status).toBe('COMPLETED');
    expect(done.endToEndId).toMatch(END_TO_END_ID);
    expect(done.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await brl(accountId)).toMatchObject({ available: '70.00', pending: '0.00' });
    expect(await eventsOf('OPERATION_COMPLETED', id)).toHaveLength(1);
    const audit = await auditRows(t);
    expect(audit).toHaveLength(rows + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'OPERATION_COMPLETED', subject_id: id });
    await expectLedgerClean();

    expectProblem(await operatorAction(t, 'complete', id), 409, 'INVALID_STATE');
    expectProblem(
      await operatorAction(t, 'fail', id, { reason: { code: 'RAIL_REJECTED', message: 'No' } }),
      409,
      'INVALID_STATE',
    );
    expect(await auditCount()).toBe(rows + 1);
    expect(await brl(accountId)).toMatchObject({ available: '70.00', pending: '0.00' });
  });

  it('fails a withdrawal: the hold is released, its event, one audit row', async () => {
    const accountId = await fundedAccount('100.00');
    const id = await requestWithdrawal(accountId, '30.00');
    const rows = await auditCount();
    const reason = { code: 'RAIL_REJECTED', message: 'The receiving bank refused it.' };
    const res = await operatorAction(t, 'fail', id, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorOperation>().operation).toMatchObject({ status: 'FAILED', reason });
    expect(await brl(accountId)).toMatchObject({ available: '100.00', pending: '0.00' });
    expect(await eventsOf('OPERATION_FAILED', id)).toHaveLength(1);
    expect(await auditCount()).toBe(rows + 1);
    await expectLedgerClean();
    expectProblem(await operatorAction(t, 'complete', id), 409, 'INVALID_STATE');
    expect(await auditCount()).toBe(rows + 1);
  });

  it('refuses withdrawals from a FROZEN account with nothing held; in-flight ones still settle', async () => {
    const accountId = await fundedAccount('100.00');
    const inFlight = await requestWithdrawal(accountId, '10.00');
    const freeze = (verb: string) =>
      asAdmin(t, { method: 'POST', url: `/admin/v1/accounts/${accountId}/${verb}` });
    expect((await freeze('freeze')).statusCode).toBe(200);

    const beneficiary = await createBeneficiary(t, customer.token);
    const instructionId = beneficiary.paymentInstructions[0]!.id;
    await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${instructionId}/approve`,
    });
    const body = {
      accountId,
      asset: 'BRL',
      amount: '5.00',
      beneficiary: { id: beneficiary.id, paymentInstructionId: instructionId },
    };
    expectProblem(await postWithdrawal(t, customer.token, body), 422, 'ACCOUNT_NOT_ACTIVE');
    expect(await brl(accountId)).toMatchObject({ available: '90.00', pending: '10.00' });

    // The operator can still settle what was already requested.
    expect((await operatorAction(t, 'complete', inFlight)).statusCode).toBe(200);
    expect(await brl(accountId)).toMatchObject({ available: '90.00', pending: '0.00' });
    expect((await freeze('unfreeze')).statusCode).toBe(200);
    expect((await postWithdrawal(t, customer.token, body)).statusCode).toBe(201);
    await expectLedgerClean();
  });

  it('answers 404 for an unknown operation and audits nothing', async () => {
    const unknown = `op_${'0'.repeat(26)}`;
    expectProblem(
      await asAdmin(t, { method: 'GET', url: `/admin/v1/operations/${unknown}` }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    const rows = await auditCount();
    expectProblem(await operatorAction(t, 'receive', 'op_unknown'), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(await operatorAction(t, 'complete', 'op_unknown'), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await operatorAction(t, 'fail', 'op_unknown', { reason: { code: 'X', message: 'x' } }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(await operatorAction(t, 'complete', unknown), 404, 'RESOURCE_NOT_FOUND');
    expect(await auditCount()).toBe(rows);
  });

  it('refuses a NUL byte in free text with 400 (PostgreSQL text cannot hold it), auditing nothing', async () => {
    const id = await requestDeposit(await activeAccount(), '10.00');
    const rows = await auditCount();
    const post = (url: string, payload: object) => asAdmin(t, { method: 'POST', url, payload });
    expectProblem(await post('/admin/v1/customers', { name: 'Acme\u0000' }), 400, 'INVALID_DATA');
    expectProblem(
      await post(`/admin/v1/customers/${customer.customerId}/clients`, { name: 'a\u0000b' }),
      400,
      'INVALID_DATA',
    );
    expectProblem(
      await post(`/admin/v1/operations/${id}/fail`, { reason: { code: 'X', message: 'a\u0000' } }),
      400,
      'INVALID_DATA',
    );
    expect(await auditCount()).toBe(rows);
    expect((await post('/admin/v1/customers', { name: 'Acme\nLtda' })).statusCode).toBe(201);
  });

  it('answers 400, not 500, for an id no table can hold (a NUL byte) on every subject', async () => {
    for (const url of [
      '/admin/v1/customers/a%00b',
      '/admin/v1/customers/a%00b/clients',
      '/admin/v1/paymentInstructions/a%00b',
      '/admin/v1/accounts/a%00b',
      '/admin/v1/operations/a%00b',
    ]) {
      const problem = expectProblem(await asAdmin(t, { method: 'GET', url }), 400, 'INVALID_DATA');
      expect(problem.errors?.[0]?.code, url).toBe('INVALID_CHARACTER');
    }
    expectProblem(
      await asAdmin(t, { method: 'POST', url: '/admin/v1/clients/a%00b/disable' }),
      400,
      'INVALID_DATA',
    );
  });
});
