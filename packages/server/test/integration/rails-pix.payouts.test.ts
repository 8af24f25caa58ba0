import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { buildBrCode } from '../../src/pix/index.js';
import { asAdmin, operatorAction } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { fakeEfiPayouts } from '../helpers/pix/fake-efi-payouts.js';

import {
  approvedPixKey,
  payoutRow,
  pixFundedAccount,
  registerPixKey,
  withdrawBrl,
} from '../helpers/pix/pix-payouts-world.js';
import { settle, txidOf, usePixRail } from '../helpers/pix/pix-rail-world.js';
import { ENGINES } from '../helpers/test-db.js';

/** Past the payouts job's longest backoff (a minute), so a failed run is due again. */
const BACKOFF_MS = 61_000;

// Issue 26 point 4: withdrawals to PIX keys and PIX payments leave through the PSP's payout API
// (Efí's, mounted on the fake PSP) once each: the intent is written with the hold, every attempt
// is recorded before the send, and a payout whose answer was lost is looked up, never paid twice
// (docs/rails.md "PIX payouts").
describe.each(ENGINES)('PIX rail payouts on %s', (engine) => {
  const clock = new ManualClock();
  const houseKey = randomUUID();
  // Made at once (a plain object: its methods keep their `this`), mounted on the PSP in beforeAll.
  const efi = fakeEfiPayouts({ payerKey: houseKey, now: () => new Date(clock.now()) });
  const { psp, t } = usePixRail(engine, {
    clock,
    psp: { pixKey: houseKey, routes: efi.routes },
    env: { COFRE_PIX_PAYOUT_ADAPTER: 'efi' },
  });
  let token: string;

  beforeAll(async () => {
    token = (await t.customer('PIX payout customer')).token;
  });
  afterEach(() => {
    expect(psp.violations()).toEqual([]);
    expect(efi.violations).toEqual([]);
  });

  const brl = async (accountId: string) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')!;
  const sentPix = (idEnvio: string) => efi.sent().find((p) => p.idEnvio === idEnvio);
  const pay = async (payload: object) => {
    const res = await t.as(token, { method: 'POST', url: '/v1/operations/pixPayment', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>();
  };

  it('sends a withdrawal to an approved PIX key once, and completes it when the PSP settles it', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '100.00');
    const beneficiary = await approvedPixKey(t, token, {
      keyType: 'EMAIL',
      key: 'maria@example.com',
    });
    const withdrawal = await withdrawBrl(t, token, accountId, beneficiary, '30.00');
    const idEnvio = txidOf(withdrawal.id);
    expect(await payoutRow(t, withdrawal.id)).toMatchObject({
      id_envio: idEnvio,
      adapter: 'efi',
      status: 'QUEUED',
      attempts: 0,
    });

    await runDueJobs(t);
    expect(efi.sends(idEnvio)).toBe(1);
    expect(sentPix(idEnvio)).toMatchObject({
      via: 'key',
      valor: '30.00',
      to: 'maria@example.com',
      payerKey: houseKey,
    });
    const sent = await getOperation(t, token, withdrawal.id);
    expect(sent).toMatchObject({ status: 'PROCESSING', endToEndId: sentPix(idEnvio)!.endToEndId });
    expect(await brl(accountId)).toMatchObject({ available: '70.00', pending: '30.00' });

    efi.settle(idEnvio, 'COMPLETED');
    await settle(t, clock);
    const done = await getOperation(t, token, withdrawal.id);
    expect(done).toMatchObject({ status: 'COMPLETED', endToEndId: sentPix(idEnvio)!.endToEndId });
    expect(done.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await payoutRow(t, withdrawal.id)).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(await brl(accountId)).toMatchObject({ available: '70.00', pending: '0.00' });
    // Later runs change nothing: sent once, debited once.
    await settle(t, clock);
    expect(efi.sends(idEnvio)).toBe(1);
    expect(efi.paid(idEnvio)).toBe(1);
    expect(await brl(accountId)).toMatchObject({ available: '70.00', pending: '0.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('leaves a withdrawal to bank details to the back-office', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '10.00');
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/beneficiaries',
      payload: {
        holder: { type: 'INDIVIDUAL', name: 'Maria da Silva', taxId: '52998224725' },
        relationshipType: 'THIRD_PARTY',
        paymentInstruction: {
          rail: 'BANK_ACCOUNT',
          asset: 'BRL',
          ispb: '18236120',
          branch: '0001',
          accountNumber: '123456',
          accountType: 'CHECKING',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const beneficiary = res.json<{ id: string; paymentInstructions: { id: string }[] }>();
    const paymentInstructionId = beneficiary.paymentInstructions[0]!.id;
    const approved = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${paymentInstructionId}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const to = { id: beneficiary.id, paymentInstructionId };
    const withdrawal = await withdrawBrl(t, token, accountId, to, '5.00');
    await settle(t, clock);
    expect(efi.sends(txidOf(withdrawal.id))).toBe(0);
    const intents = await t.handle.db
      .selectFrom('rail_pix_payouts')
      .select('operation_id')
      .where('operation_id', '=', withdrawal.id)
      .execute();
    expect(intents).toEqual([]);
    const completed = await operatorAction(t, 'complete', withdrawal.id);
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('pays a PIX payment to a key, with the PSP’s end-to-end id', async () => {
    await registerPixKey(t, '+5511912345678');
    const accountId = await pixFundedAccount(t, clock, psp, token, '50.00');
    const payment = await pay({
      accountId,
      amount: '20.00',
      pixKey: { keyType: 'PHONE', key: '+5511912345678' },
      description: 'Aluguel de março',
    });
    const idEnvio = txidOf(payment.id);
    await runDueJobs(t);
    expect(sentPix(idEnvio)).toMatchObject({
      via: 'key',
      valor: '20.00',
      to: '+5511912345678',
      infoPagador: 'Aluguel de março',
    });
    efi.settle(idEnvio, 'COMPLETED');
    await settle(t, clock);
    expect(await getOperation(t, token, payment.id)).toMatchObject({
      status: 'COMPLETED',
      endToEndId: sentPix(idEnvio)!.endToEndId,
    });
    expect(efi.sends(idEnvio)).toBe(1);
    expect(await brl(accountId)).toMatchObject({ available: '30.00', pending: '0.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('pays a PIX payment from a BR Code through the code, for the code’s amount', async () => {
    const key = `loja-${randomUUID().slice(0, 8)}@example.com`;
    await registerPixKey(t, key);
    const brCode = buildBrCode({
      key,
      amount: '12.34',
      merchantName: 'LOJA EXEMPLO',
      merchantCity: 'SAO PAULO',
      txid: 'PEDIDO4821',
    });
    const accountId = await pixFundedAccount(t, clock, psp, token, '40.00');
    const payment = await pay({ accountId, brCode });
    const idEnvio = txidOf(payment.id);
    await runDueJobs(t);
    expect(sentPix(idEnvio)).toMatchObject({ via: 'qrcode', to: brCode, valor: '12.34' });
    efi.settle(idEnvio, 'COMPLETED');
    await settle(t, clock);
    expect((await getOperation(t, token, payment.id)).status).toBe('COMPLETED');
    expect(await brl(accountId)).toMatchObject({ available: '27.66', pending: '0.00' });
  });

  it('looks up a payout whose answer was lost after the PSP took it, and never pays it twice', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '60.00');
    const beneficiary = await approvedPixKey(t, token, { keyType: 'EVP', key: randomUUID() });
    const withdrawal = await withdrawBrl(t, token, accountId, beneficiary, '25.00');
    const idEnvio = txidOf(withdrawal.id);
    efi.failNext(1, { on: 'send', when: 'after' });

    await runDueJobs(t);
    // Efí paid it and cofre heard a 500: the attempt is recorded, the operation waits.
    expect(efi.paid(idEnvio)).toBe(1);
    expect(await payoutRow(t, withdrawal.id)).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect((await getOperation(t, token, withdrawal.id)).status).toBe('REQUESTED');

    clock.advance(BACKOFF_MS);
    await runDueJobs(t);
    expect(efi.sends(idEnvio)).toBe(1);
    expect(await payoutRow(t, withdrawal.id)).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(await getOperation(t, token, withdrawal.id)).toMatchObject({
      status: 'PROCESSING',
      endToEndId: sentPix(idEnvio)!.endToEndId,
    });

    efi.settle(idEnvio, 'COMPLETED');
    await settle(t, clock);
    expect((await getOperation(t, token, withdrawal.id)).status).toBe('COMPLETED');
    expect(efi.sends(idEnvio)).toBe(1);
    expect(efi.paid(idEnvio)).toBe(1);
    expect(await brl(accountId)).toMatchObject({ available: '35.00', pending: '0.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('keeps payouts queued while the PSP is down and sends each once when it is back', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '30.00');
    const beneficiary = await approvedPixKey(t, token, { keyType: 'EVP', key: randomUUID() });
    await psp.down();
    const first = await withdrawBrl(t, token, accountId, beneficiary, '10.00');
    const second = await withdrawBrl(t, token, accountId, beneficiary, '5.00');
    try {
      await runDueJobs(t);
      clock.advance(BACKOFF_MS);
      await runDueJobs(t);
      for (const op of [first, second]) {
        expect(efi.sends(txidOf(op.id))).toBe(0);
        expect((await payoutRow(t, op.id)).status).toBe('QUEUED');
        expect((await getOperation(t, token, op.id)).status).toBe('REQUESTED');
      }
      const run = await t.handle.db
        .selectFrom('rail_job_runs')
        .selectAll()
        .where('rail', '=', 'pix')
        .where('job', '=', 'payouts')
        .executeTakeFirstOrThrow();
      expect(run.failures).toBeGreaterThan(0);
      // The back-office (and /metrics, cofre_rail_payouts) shows them waiting on a failing PSP.
      const health = await asAdmin(t, { method: 'GET', url: '/admin/v1/rails' });
      const pix = health.json<{ rails: { name: string; state: string; payouts: object }[] }>();
      const rail = pix.rails.find((r) => r.name === 'pix');
      expect(rail).toMatchObject({ state: 'psp-failing', payouts: { SENT: 0 } });
      expect((rail!.payouts as Record<string, number>)['QUEUED']).toBeGreaterThanOrEqual(2);
    } finally {
      await psp.up();
    }
    clock.advance(BACKOFF_MS);
    await runDueJobs(t);
    for (const op of [first, second]) {
      expect(efi.sends(txidOf(op.id))).toBe(1);
      expect(efi.paid(txidOf(op.id))).toBe(1);
      efi.settle(txidOf(op.id), 'COMPLETED');
    }
    await settle(t, clock);
    for (const op of [first, second]) {
      expect((await getOperation(t, token, op.id)).status).toBe('COMPLETED');
    }
    expect(await brl(accountId)).toMatchObject({ available: '15.00', pending: '0.00' });
  });

  it('fails the operation and releases its hold when the PSP does not make the Pix', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '20.00');
    const beneficiary = await approvedPixKey(t, token, { keyType: 'EVP', key: randomUUID() });
    const withdrawal = await withdrawBrl(t, token, accountId, beneficiary, '15.00');
    const idEnvio = txidOf(withdrawal.id);
    await runDueJobs(t);
    expect(await brl(accountId)).toMatchObject({ available: '5.00', pending: '15.00' });

    efi.settle(idEnvio, 'FAILED', 'Conta do recebedor encerrada');
    await settle(t, clock);
    const failed = await getOperation(t, token, withdrawal.id);
    // Efí's read-back says NAO_REALIZADO without a reason (only its callback carries one).
    expect(failed).toMatchObject({ status: 'FAILED', reason: { code: 'RAIL_REJECTED' } });
    expect(failed.reason!.message).toContain('NAO_REALIZADO');
    expect(await brl(accountId)).toMatchObject({ available: '20.00', pending: '0.00' });
    expect(await payoutRow(t, withdrawal.id)).toMatchObject({ status: 'FAILED' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('fails the operation when the PSP refuses the send, after its look-up finds nothing', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '20.00');
    const beneficiary = await approvedPixKey(t, token, { keyType: 'EVP', key: randomUUID() });
    const withdrawal = await withdrawBrl(t, token, accountId, beneficiary, '8.00');
    efi.refuseNext(1, { status: 422, nome: 'pagamento_negado', mensagem: 'Saldo insuficiente' });
    await runDueJobs(t);
    expect(efi.paid(txidOf(withdrawal.id))).toBe(0);
    expect(await getOperation(t, token, withdrawal.id)).toMatchObject({
      status: 'FAILED',
      reason: { code: 'RAIL_REJECTED' },
    });
    expect(await brl(accountId)).toMatchObject({ available: '20.00', pending: '0.00' });
  });

  it('lets the back-office fail a payout never sent, never complete one, nor fail one sent', async () => {
    const accountId = await pixFundedAccount(t, clock, psp, token, '30.00');
    const beneficiary = await approvedPixKey(t, token, { keyType: 'EVP', key: randomUUID() });
    const unsent = await withdrawBrl(t, token, accountId, beneficiary, '10.00');
    expectProblem(await operatorAction(t, 'complete', unsent.id), 409, 'INVALID_STATE');
    const failed = await operatorAction(t, 'fail', unsent.id, {
      reason: { code: 'OPERATOR_CANCELLED', message: 'Customer asked to cancel' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await payoutRow(t, unsent.id)).toMatchObject({ status: 'FAILED', attempts: 0 });

    const sent = await withdrawBrl(t, token, accountId, beneficiary, '7.00');
    await runDueJobs(t);
    expect(efi.sends(txidOf(unsent.id))).toBe(0);
    expect(efi.sends(txidOf(sent.id))).toBe(1);
    expectProblem(
      await operatorAction(t, 'fail', sent.id, {
        reason: { code: 'OPERATOR_CANCELLED', message: 'Too late' },
      }),
      409,
      'INVALID_STATE',
    );
    expectProblem(await operatorAction(t, 'complete', sent.id), 409, 'INVALID_STATE');
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
    expect(await brl(accountId)).toMatchObject({ available: '23.00', pending: '7.00' });
  });
});
