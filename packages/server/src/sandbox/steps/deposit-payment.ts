import type { Db } from '../../db/database.js';
import type { JobQueue, JobHandler } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { receiveDeposit, settlementStep } from '../../operations/index.js';

/**
 * `sandbox.deposit.pay`: a few seconds after a deposit is requested, its money arrives (the
 * requested amount). Not queued for the `66` magic value (sandbox/simulator.ts); a deposit that
 * expired meanwhile is left FAILED.
 */
export function depositPaymentStep(deps: { db: Db; queue: JobQueue; clock: Clock }): JobHandler {
  return settlementStep(deps, async (tx, job) => {
    await receiveDeposit(tx, deps, job.subject_id, { at: deps.clock.now() });
  });
}
