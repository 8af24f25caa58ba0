import type { Tx } from '../db/transact.js';
import type { JobQueue } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import type { AccountLifecycleScheduler, AccountRow } from '../modules/accounts/index.js';
import type { InstructionReviewScheduler } from '../modules/beneficiaries/index.js';
import type { OperationScheduler } from '../operations/index.js';
import { KINDS } from '../operations/index.js';
import { depositIsPaid, heldForOperator, reviewIsManual } from './magic-values.js';

/** The schedulers the modules declare as ports, implemented with jobs: the sandbox's lifecycle. */
export interface Simulator {
  accounts: AccountLifecycleScheduler;
  instructions: InstructionReviewScheduler;
  operations: OperationScheduler;
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
      // MANUAL_REVIEW names (magic-values.ts) wait for the back-office, as in production.
      opened: (tx: Tx, account: AccountRow) =>
        reviewIsManual(account.name)
          ? Promise.resolve()
          : queue.enqueue(tx, [
              {
                kind: 'sandbox.account.activate',
                subjectId: account.id,
                runAt: clock.now() + stepDelayMs,
              },
            ]),
    },
    instructions: {
      created: (tx, beneficiary, instruction) =>
        reviewIsManual(beneficiary.holder.name)
          ? Promise.resolve()
          : queue.enqueue(tx, [
              {
                kind: 'sandbox.instruction.review',
                subjectId: instruction.id,
                runAt: clock.now() + stepDelayMs,
              },
            ]),
    },
    operations: {
      // What each kind needs is its `settlement` (operations/kinds/operation-kind.ts):
      // `funding` is paid one step after the request (never for the 66 magic value: those
      // expire); `rail` goes PROCESSING one step after and settles half a step later; `own`
      // moves itself (orders check themselves, transfers complete at once). The operation's
      // jobs share a queue (its id), so a worker that was down runs them in due order: a
      // payment due before the expiry runs before it.
      requested: (tx, operation) => {
        const at = clock.now();
        const settlement = KINDS[operation.type].settlement;
        // Held for a person (an amount ending in 77): nothing moves it but the back-office.
        if (settlement !== 'own' && heldForOperator(operation.amount)) return Promise.resolve();
        if (settlement === 'funding') {
          return depositIsPaid(operation.amount)
            ? queue.enqueue(tx, [
                {
                  kind: 'sandbox.deposit.pay',
                  queue: operation.id,
                  subjectId: operation.id,
                  runAt: at + stepDelayMs,
                },
              ])
            : Promise.resolve();
        }
        if (settlement === 'own') return Promise.resolve();
        // Taken by the rail (or the desk), then its answer.
        return queue.enqueue(tx, [
          { kind: 'sandbox.operation.process', subjectId: operation.id, runAt: at + stepDelayMs },
          {
            kind: 'sandbox.operation.settle',
            queue: operation.id,
            subjectId: operation.id,
            runAt: at + Math.round(stepDelayMs * 1.5),
          },
        ]);
      },
    },
  };
}
