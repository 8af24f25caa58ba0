import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { jobStep } from '../../jobs/job-step.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Clock } from '../../lib/clock.js';
import { activateAssets } from '../../modules/accounts/accounts.lifecycle.js';

/** `sandbox.account.activate`: a few seconds after an account opens, its assets activate. */
export function accountActivationStep(deps: { db: Db; queue: JobQueue; clock: Clock }): JobHandler {
  return jobStep(deps, async (tx, job) => {
    await activateAssets(tx, deps, job.subject_id, deps.clock.now());
  });
}
