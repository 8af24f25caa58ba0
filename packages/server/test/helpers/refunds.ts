import type { LightMyRequestResponse } from 'fastify';
import type { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS } from './operations.js';
import type { TestApp } from './test-app.js';
import { sandboxStep } from './world.js';

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

/** Runs the rail's two sandbox steps (PROCESSING, then the answer). */
export async function settleRail(t: TestApp, clock: ManualClock): Promise<void> {
  await sandboxStep(t, clock);
  await sandboxStep(t, clock, STEP_MS / 2);
}
