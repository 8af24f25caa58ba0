import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ManualClock } from '../../src/lib/clock.js';
import { createBeneficiary, type BeneficiaryBody } from './beneficiaries.js';
import { runDueJobs } from './run-due-jobs.js';
import type { TestApp } from './test-app.js';

/** The sandbox step delay the operation tests run with (the default). */
export const STEP_MS = 2_000;

export interface OperationBody {
  id: string;
  type: 'DEPOSIT' | 'WITHDRAWAL';
  status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  accountId: string;
  asset: string;
  amount: string;
  reason: { code: string; message: string } | null;
  states: { status: string; reason: { code: string; message: string } | null; at: string }[];
  [field: string]: unknown;
}

export function postDeposit(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: '/v1/operations/deposit', payload, headers });
}

export function postWithdrawal(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: '/v1/operations/withdrawal', payload, headers });
}

export async function getOperation(t: TestApp, token: string, id: string): Promise<OperationBody> {
  const res = await t.as(token, { method: 'GET', url: `/v1/operations/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OperationBody>();
}

export async function balancesOf(t: TestApp, token: string, accountId: string) {
  const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${accountId}/balances` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { asset: string; available: string; pending: string }[] }>().data;
}

/**
 * A sandbox account whose assets are ACTIVE (one step on the manual clock), optionally funded
 * by a deposit that the simulator pays (another step).
 */
export async function activeAccount(
  t: TestApp,
  clock: ManualClock,
  token: string,
  options: { assets?: string[]; name?: string; fund?: { asset: string; amount: string } } = {},
): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: {
      type: 'CHECKING',
      assets: options.assets ?? ['BRL'],
      ...(options.name ? { name: options.name } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const accountId = res.json<{ id: string }>().id;
  clock.advance(STEP_MS);
  await runDueJobs(t);
  if (options.fund) {
    const deposit = await postDeposit(t, token, { accountId, ...options.fund });
    expect(deposit.statusCode, deposit.body).toBe(201);
    clock.advance(STEP_MS);
    await runDueJobs(t);
    expect((await getOperation(t, token, deposit.json<OperationBody>().id)).status).toBe(
      'COMPLETED',
    );
  }
  return accountId;
}

/** A beneficiary whose first instruction the sandbox approved (one step on the manual clock). */
export async function approvedBeneficiary(
  t: TestApp,
  clock: ManualClock,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; paymentInstructionId: string }> {
  const beneficiary: BeneficiaryBody = await createBeneficiary(t, token, overrides);
  clock.advance(STEP_MS);
  await runDueJobs(t);
  return { id: beneficiary.id, paymentInstructionId: beneficiary.paymentInstructions[0]!.id };
}
