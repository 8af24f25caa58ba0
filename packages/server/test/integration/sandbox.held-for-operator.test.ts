import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, asAdmin, operatorAction } from '../helpers/admin.js';
import { cpf, createBeneficiary } from '../helpers/beneficiaries.js';
import { balancesOf, getOperation, postDeposit, postWithdrawal } from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  accountHolder,
  approvedBeneficiary,
  sandboxSteps,
  useSandboxApp,
} from '../helpers/world.js';

/**
 * Issue 27 point 7: an operator could not practise approvals in the sandbox, where the simulator
 * settles everything within seconds. Documented magic values (docs/sandbox.md "Practising the
 * back-office") leave a review or an operation alone, as production does, until a person acts
 * through /admin/v1 — and the simulator, however long it runs, never does.
 */
describe.each(ENGINES)('sandbox values held for the back-office on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: ADMIN_ENV });
  /** Long past every step the simulator would have taken (and any sandbox deposit's expiry). */
  const aWhile = () => sandboxSteps(t, clock, 10);

  it('keeps an account named MANUAL_REVIEW onboarding until the back-office activates it', async () => {
    const { token } = await t.customer();
    const opened = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'], name: 'Practice manual_review' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json<{ id: string }>().id;
    await aWhile();
    const waiting = await t.as(token, { method: 'GET', url: `/v1/accounts/${id}` });
    expect(waiting.json()).toMatchObject({ status: 'OPENING', assets: [{ status: 'ONBOARDING' }] });
    const activated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${id}/assets/BRL/activate`,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ account: { status: 'ACTIVE' } });
  });

  it('keeps the instructions of a MANUAL_REVIEW holder pending until approved', async () => {
    const { token } = await t.customer();
    const beneficiary = await createBeneficiary(t, token, {
      holder: { type: 'INDIVIDUAL', name: 'Ana MANUAL_REVIEW', taxId: cpf('529982247') },
    });
    const instructionId = beneficiary.paymentInstructions[0]!.id;
    await aWhile();
    const waiting = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/paymentInstructions/${instructionId}`,
    });
    expect(waiting.json()).toMatchObject({ instruction: { status: 'PENDING_REVIEW' } });
    const approved = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${instructionId}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('keeps a deposit of an amount ending in 77 requested, payable for production’s time, until received', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '100.77' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json<{ id: string; fundingInstruction: { expiresAt: string } }>();
    // Production's 30 minutes, not the sandbox's seconds: a person has time to receive it.
    expect(Date.parse(deposit.fundingInstruction.expiresAt) - clock.now()).toBe(30 * 60_000);
    await aWhile();
    expect((await getOperation(t, token, deposit.id)).status).toBe('REQUESTED');
    const received = await operatorAction(t, 'receive', deposit.id);
    expect(received.statusCode, received.body).toBe(200);
    expect((await getOperation(t, token, deposit.id)).status).toBe('COMPLETED');
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({ available: '100.77' });
  });

  it('keeps a withdrawal and a PIX payment ending in 77 requested until completed or failed', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '500.00' },
    });
    const beneficiary = await approvedBeneficiary(t, clock, token);
    const withdrawal = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '10.77',
      beneficiary,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const payment = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/pixPayment',
      payload: {
        accountId,
        amount: '5.77',
        pixKey: { keyType: 'EMAIL', key: 'maria@example.com' },
      },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const [withdrawalId, paymentId] = [withdrawal, payment].map((r) => r.json<{ id: string }>().id);
    await aWhile();
    expect((await getOperation(t, token, withdrawalId!)).status).toBe('REQUESTED');
    expect((await getOperation(t, token, paymentId!)).status).toBe('REQUESTED');

    expect((await operatorAction(t, 'complete', withdrawalId!)).statusCode).toBe(200);
    const failed = await operatorAction(t, 'fail', paymentId!, {
      reason: { code: 'RAIL_REJECTED', message: 'Practice: refused by hand.' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await getOperation(t, token, withdrawalId!)).status).toBe('COMPLETED');
    expect((await getOperation(t, token, paymentId!)).status).toBe('FAILED');
    // 500.00 less the withdrawal; the failed payment's hold released.
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '489.23',
      pending: '0.00',
    });
  });

  it('leaves every other amount to the simulator, as before', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '100.70' });
    await aWhile();
    expect((await getOperation(t, token, res.json<{ id: string }>().id)).status).toBe('COMPLETED');
  });
});
