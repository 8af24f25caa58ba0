import type { Db } from '../../db/database.js';
import type { JobQueue, JobHandler } from '../../jobs/index.js';
import { jobStep } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import {
  type OperationRow,
  completeOperation,
  failOperation,
  operationForLifecycle,
  parsePixPayment,
  settlementStep,
  startProcessing,
} from '../../operations/index.js';
import {
  pixPaymentOutcome,
  swapOutcome,
  withdrawalOutcome,
  type RailOutcome,
} from '../magic-values.js';

type Deps = { db: Db; queue: JobQueue; clock: Clock };

/** `sandbox.operation.process`: a withdrawal, swap or PIX payment is taken: REQUESTED → PROCESSING. */
export function operationProcessStep(deps: Deps): JobHandler {
  return jobStep(deps, async (tx, job) => {
    await startProcessing(tx, deps, job.subject_id, deps.clock.now());
  });
}

/**
 * `sandbox.operation.settle`: the desk or the rail answers: COMPLETED, or FAILED for a magic
 * value (docs/sandbox.md). It starts processing first when that step has not run yet, so the
 * two jobs may run in either order.
 */
export function operationSettleStep(deps: Deps): JobHandler {
  return settlementStep(deps, async (tx, job) => {
    const now = deps.clock.now();
    await startProcessing(tx, deps, job.subject_id, now);
    const operation = await operationForLifecycle(tx, job.subject_id);
    if (operation?.status !== 'PROCESSING') return;
    const outcome = outcomeOf(operation);
    if (outcome.kind === 'fail') await failOperation(tx, deps, operation.id, outcome.reason, now);
    else await completeOperation(tx, deps, operation.id, now);
  });
}

function outcomeOf(operation: OperationRow): RailOutcome {
  switch (operation.type) {
    case 'SWAP':
      return swapOutcome(operation.amount);
    case 'PIX_PAYMENT':
      return pixPaymentOutcome(parsePixPayment(operation.details).pixKey, operation.amount);
    case 'WITHDRAWAL':
      return withdrawalOutcome(operation.amount);
    case 'DEPOSIT':
    case 'ORDER':
      return { kind: 'complete' }; // never settled by these steps
  }
}
