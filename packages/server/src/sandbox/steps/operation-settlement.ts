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
  pixRefundOutcome,
  swapOutcome,
  withdrawalOutcome,
  type RailOutcome,
} from '../magic-values.js';

type Deps = { db: Db; queue: JobQueue; clock: Clock };

/** `sandbox.operation.process`: a withdrawal, swap, PIX payment or refund is taken: REQUESTED → PROCESSING. */
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

/**
 * The sandbox's answer per rail kind (its magic values, docs/sandbox.md). Only `rail` kinds are
 * settled by these steps, so a funding or own kind (a deposit, an order, a transfer) needs no
 * entry; a rail kind without one always completes.
 */
const RAIL_OUTCOMES: Partial<
  Record<OperationRow['type'], (operation: OperationRow) => RailOutcome>
> = {
  SWAP: (operation) => swapOutcome(operation.amount),
  PIX_PAYMENT: (operation) =>
    pixPaymentOutcome(parsePixPayment(operation.details).pixKey, operation.amount),
  WITHDRAWAL: (operation) => withdrawalOutcome(operation.amount),
  PIX_REFUND: (operation) => pixRefundOutcome(operation.amount),
};

const outcomeOf = (operation: OperationRow): RailOutcome =>
  RAIL_OUTCOMES[operation.type]?.(operation) ?? { kind: 'complete' };
