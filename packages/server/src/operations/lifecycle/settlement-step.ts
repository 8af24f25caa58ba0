import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue, JobHandler, Job } from '../../jobs/index.js';
import { jobStep } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { BalanceLimitError } from '../../ledger/index.js';
import { failOperation } from './operations.lifecycle.js';

/**
 * A step that settles the operation named by the job (jobStep: the job's completion and the
 * step in one transaction). When settling would take the customer's balance past its maximum
 * (BalanceLimitError), that transaction rolls back whole and a second one completes the job and
 * fails the operation with BALANCE_LIMIT_EXCEEDED, releasing its hold: a refusal that retrying
 * can never turn into success ends the operation instead of leaving it PROCESSING with its money
 * held while the job is claimed again and again.
 */
export function settlementStep(
  deps: { db: Db; queue: JobQueue; clock: Clock },
  step: (tx: Tx, job: Job) => Promise<void>,
): JobHandler {
  const settle = jobStep(deps, step);
  return async (job) => {
    try {
      await settle(job);
    } catch (error) {
      if (!(error instanceof BalanceLimitError)) throw error;
      const reason = { code: error.code, message: error.detail ?? error.title };
      await jobStep(deps, async (tx) => {
        await failOperation(tx, deps, job.subject_id, reason, deps.clock.now());
      })(job);
    }
  };
}
