import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { jobStep } from '../../jobs/job-step.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Clock } from '../../lib/clock.js';
import {
  completeOperation,
  failOperation,
  operationForLifecycle,
  startProcessing,
} from '../../modules/operations/operations.lifecycle.js';
import { withdrawalOutcome } from '../magic-values.js';

type Deps = { db: Db; queue: JobQueue; clock: Clock };

/** `sandbox.withdrawal.process`: the rail takes the withdrawal: REQUESTED → PROCESSING. */
export function withdrawalProcessStep(deps: Deps): JobHandler {
  return jobStep(deps, async (tx, job) => {
    await startProcessing(tx, deps, job.subject_id, deps.clock.now());
  });
}

/**
 * `sandbox.withdrawal.settle`: the rail answers: COMPLETED (hold captured), or FAILED
 * RAIL_REJECTED (hold released) for the `66` magic value. It starts processing first when that
 * step has not run yet, so the two jobs may run in either order.
 */
export function withdrawalSettleStep(deps: Deps): JobHandler {
  return jobStep(deps, async (tx, job) => {
    const now = deps.clock.now();
    await startProcessing(tx, deps, job.subject_id, now);
    const operation = await operationForLifecycle(tx, job.subject_id);
    if (operation?.status !== 'PROCESSING') return;
    const outcome = withdrawalOutcome(operation.amount);
    if (outcome.kind === 'fail') await failOperation(tx, deps, operation.id, outcome.reason, now);
    else await completeOperation(tx, deps, operation.id, now);
  });
}
