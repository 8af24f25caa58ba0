import type { Db } from '../../../db/database.js';
import type { JobQueue, JobHandler } from '../../../jobs/index.js';
import { jobStep } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import { DEPOSIT_EXPIRED } from './deposit.js';
import { failOperation } from '../../lifecycle/operations.lifecycle.js';

/**
 * `operation.deposit.expire`, in every environment: due at the deposit's expiresAt, it fails the
 * deposit with DEPOSIT_EXPIRED unless the money arrived first (then the compare-and-set finds it
 * no longer REQUESTED and nothing happens).
 */
export function depositExpiryStep(deps: { db: Db; queue: JobQueue; clock: Clock }): JobHandler {
  return jobStep(deps, async (tx, job) => {
    await failOperation(tx, deps, job.subject_id, { ...DEPOSIT_EXPIRED }, deps.clock.now());
  });
}
