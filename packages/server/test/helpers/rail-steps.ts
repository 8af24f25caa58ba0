import type { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS, getOperation, type OperationBody } from './operations.js';
import { runDueJobs } from './run-due-jobs.js';
import type { TestApp } from './test-app.js';

/**
 * The sandbox rail's two steps on one operation (a withdrawal, a PIX payment or refund, a swap):
 * its view once taken (PROCESSING, one step), then once answered (half a step later). The
 * statuses and history each step leaves are the kind-conformance suite's to check
 * (test/integration/kinds.conformance.test.ts); a kind's own test reads what it adds.
 */
export async function railSteps(
  t: TestApp,
  clock: ManualClock,
  token: string,
  operationId: string,
): Promise<{ processing: OperationBody; done: OperationBody }> {
  clock.advance(STEP_MS);
  await runDueJobs(t);
  const processing = await getOperation(t, token, operationId);
  clock.advance(STEP_MS / 2);
  await runDueJobs(t);
  return { processing, done: await getOperation(t, token, operationId) };
}
