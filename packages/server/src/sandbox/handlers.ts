import type { Db } from '../db/database.js';
import type { JobQueue, JobHandler, JobKind } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import { accountActivationStep } from './steps/account-activation.js';
import { instructionReviewStep } from './steps/instruction-review.js';
import { depositPaymentStep } from './steps/deposit-payment.js';
import { operationProcessStep, operationSettleStep } from './steps/operation-settlement.js';

/** The simulator's job kinds and their steps; the worker adds them in the sandbox only. */
export function sandboxHandlers(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
}): Partial<Record<JobKind, JobHandler>> {
  return {
    'sandbox.account.activate': accountActivationStep(deps),
    'sandbox.instruction.review': instructionReviewStep(deps),
    'sandbox.deposit.pay': depositPaymentStep(deps),
    // Older names of the two steps below, kept for jobs queued before they were merged.
    'sandbox.withdrawal.process': operationProcessStep(deps),
    'sandbox.withdrawal.settle': operationSettleStep(deps),
    'sandbox.operation.process': operationProcessStep(deps),
    'sandbox.operation.settle': operationSettleStep(deps),
  };
}
