import type { Db } from '../../db/database.js';
import type { JobQueue, JobHandler } from '../../jobs/index.js';
import { jobStep } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { approve, instructionForReview, reject } from '../../modules/beneficiaries/index.js';
import { reviewOutcome } from '../magic-values.js';

/**
 * `sandbox.instruction.review`: a few seconds after an instruction is created, compliance
 * decides: APPROVED, or REJECTED (COMPLIANCE_REJECTED) when the holder name says REJECT.
 */
export function instructionReviewStep(deps: { db: Db; queue: JobQueue; clock: Clock }): JobHandler {
  return jobStep(deps, async (tx, job) => {
    const subject = await instructionForReview(tx, job.subject_id);
    if (!subject) return;
    const outcome = reviewOutcome(subject.holderName);
    const now = deps.clock.now();
    if (outcome.kind === 'reject') await reject(tx, deps, job.subject_id, outcome.reason, now);
    else await approve(tx, deps, job.subject_id, now);
  });
}
