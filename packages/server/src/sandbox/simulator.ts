import type { Tx } from '../db/transact.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../lib/clock.js';
import type { AccountLifecycleScheduler } from '../modules/accounts/account-scheduler.js';
import type { AccountRow } from '../modules/accounts/accounts.table.js';
import type { InstructionReviewScheduler } from '../modules/beneficiaries/instruction-scheduler.js';

/** The schedulers the modules declare as ports, implemented with jobs: the sandbox's lifecycle. */
export interface Simulator {
  accounts: AccountLifecycleScheduler;
  instructions: InstructionReviewScheduler;
}

/**
 * Each lifecycle step is a job due `stepDelayMs` after the change that calls for it, queued in
 * that change's transaction (so it exists exactly when the change does). sandbox/handlers.ts
 * maps the kinds to their steps.
 */
export function sandboxSimulator(deps: {
  queue: JobQueue;
  clock: Clock;
  stepDelayMs: number;
}): Simulator {
  const { queue, clock, stepDelayMs } = deps;
  return {
    accounts: {
      opened: (tx: Tx, account: AccountRow) =>
        queue.enqueue(tx, [
          {
            kind: 'sandbox.account.activate',
            subjectId: account.id,
            runAt: clock.now() + stepDelayMs,
          },
        ]),
    },
    instructions: {
      created: (tx, _beneficiary, instruction) =>
        queue.enqueue(tx, [
          {
            kind: 'sandbox.instruction.review',
            subjectId: instruction.id,
            runAt: clock.now() + stepDelayMs,
          },
        ]),
    },
  };
}
