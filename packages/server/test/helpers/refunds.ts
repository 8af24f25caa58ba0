import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS, getOperation, postDeposit, type OperationBody } from './operations.js';
import { runDueJobs } from './run-due-jobs.js';
import type { TestApp } from './test-app.js';

/** POST /v1/operations/{id}/refunds. */
export function postRefund(
  t: TestApp,
  token: string,
  operationId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, {
    method: 'POST',
    url: `/v1/operations/${operationId}/refunds`,
    payload,
    headers,
  });
}

/** A deposit the sandbox pays one step later: COMPLETED, its id. */
export async function receivedDeposit(
  t: TestApp,
  clock: ManualClock,
  token: string,
  accountId: string,
  amount: string,
  asset = 'BRL',
): Promise<string> {
  const res = await postDeposit(t, token, { accountId, asset, amount });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<OperationBody>().id;
  clock.advance(STEP_MS);
  await runDueJobs(t);
  expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
  return id;
}

/** Runs the rail's two sandbox steps (PROCESSING, then the answer). */
export async function settleRail(t: TestApp, clock: ManualClock): Promise<void> {
  clock.advance(STEP_MS);
  await runDueJobs(t);
  clock.advance(STEP_MS / 2);
  await runDueJobs(t);
}
