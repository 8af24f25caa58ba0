import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
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
