import type { Db } from '../db/database.js';
import type { JobKind } from './job-kinds.js';
import { JOB_PRIORITY } from './jobs.table.js';

/**
 * Makes sure a standing job — one that always exists, under a fixed id, and puts itself back
 * after each run (event retention, a rail's watcher, payouts, sweeps, reconciliation) — is
 * queued: inserted due `now` when it is new (an insert that does nothing when it exists), and
 * revived, due now, when repeated failures parked it. Every worker calls it at start; the fixed
 * id keeps the job single, and a claim leases it to one worker at a time.
 */
export async function ensureStandingJob(
  db: Db,
  job: { id: string; kind: JobKind; subjectId: string; now: number },
): Promise<void> {
  const { id, kind, subjectId, now } = job;
  await db
    .insertInto('jobs')
    .values({
      id,
      kind,
      queue: null,
      queue_limit: null,
      priority: JOB_PRIORITY.first,
      subject_id: subjectId,
      run_at: now,
      lease_owner: null,
      lease_expires_at: null,
      claims: 0,
      attempts: 0,
      last_error: null,
      failed_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .updateTable('jobs')
    .set({ failed_at: null, attempts: 0, run_at: now })
    .where('id', '=', id)
    .where('failed_at', 'is not', null)
    .execute();
}
