import { expect } from 'vitest';
import type { ManualClock } from '../../../src/lib/clock.js';
import { asAdmin } from '../admin.js';
import { getOperation, postWithdrawal, type OperationBody } from '../operations.js';
import type { TestApp } from '../test-app.js';
import type { FakePsp } from './fake-psp.js';
import { activeBrlAccount, requestBrlDeposit, settle, txidOf } from './pix-rail-world.js';

/**
 * An ACTIVE BRL account holding `amount`, funded as production funds one on the PIX rail: a
 * deposit whose charge the payer pays at the PSP, credited from the PSP's webhook.
 */
export async function pixFundedAccount(
  t: TestApp,
  clock: ManualClock,
  psp: FakePsp,
  token: string,
  amount: string,
): Promise<string> {
  const accountId = await activeBrlAccount(t, token);
  const deposit = await requestBrlDeposit(t, token, accountId, amount);
  await settle(t, clock);
  await psp.pay(txidOf(deposit.id), { notify: true });
  await settle(t, clock);
  expect((await getOperation(t, token, deposit.id)).status).toBe('COMPLETED');
  return accountId;
}

/** A beneficiary whose PIX key instruction the operator approved. */
export async function approvedPixKey(
  t: TestApp,
  token: string,
  key: { keyType: string; key: string },
): Promise<{ id: string; paymentInstructionId: string }> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/beneficiaries',
    payload: {
      holder: { type: 'INDIVIDUAL', name: 'Maria da Silva', taxId: '52998224725' },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { rail: 'PIX', asset: 'BRL', ...key },
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
  return { id: beneficiary.id, paymentInstructionId };
}

/** A BRL withdrawal of `amount` to `beneficiary`, as requested (REQUESTED, amount held). */
export async function withdrawBrl(
  t: TestApp,
  token: string,
  accountId: string,
  beneficiary: { id: string; paymentInstructionId: string },
  amount: string,
): Promise<OperationBody> {
  const res = await postWithdrawal(t, token, { accountId, asset: 'BRL', amount, beneficiary });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OperationBody>();
}

/** Registers `key` in the production PIX directory (the back-office keeps it). */
export async function registerPixKey(t: TestApp, key: string): Promise<void> {
  const res = await asAdmin(t, {
    method: 'PUT',
    url: `/admin/v1/pix/keys/${encodeURIComponent(key)}`,
    payload: { holder: { type: 'INDIVIDUAL', name: 'João Souza', taxId: '52998224725' } },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
}

/** A payout intent as the rail keeps it. */
export function payoutRow(t: TestApp, operationId: string) {
  return t.handle.db
    .selectFrom('rail_pix_payouts')
    .selectAll()
    .where('operation_id', '=', operationId)
    .executeTakeFirstOrThrow();
}
