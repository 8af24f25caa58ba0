import type { Db } from '../db/database.js';
import { transact, type Tx } from '../db/transact.js';
import type { JobQueue } from './job-queue.js';
import type { JobHandler } from './job-worker.js';
import type { Job } from './jobs.table.js';

/**
 * A lifecycle step as a job handler: completes the job (if the lease is still ours) and runs
 * `step` in ONE transaction. A crash or a throw rolls both back, so the job is claimed again (and
 * counted as a failure); a job whose lease was lost runs nothing, since its new owner will. The
 * step reads current state and moves it with a compare-and-set (lib/state-machine.ts), so a
 * duplicate run is a no-op.
 */
export function jobStep(
  deps: { db: Db; queue: JobQueue },
  step: (tx: Tx, job: Job) => Promise<void>,
): JobHandler {
  return (job) =>
    transact(deps.db, async (tx) => {
      if (!(await deps.queue.complete(tx.trx, job))) return;
      await step(tx, job);
    });
}
