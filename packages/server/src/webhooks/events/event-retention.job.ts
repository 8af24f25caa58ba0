import type { Db } from '../../db/database.js';
import { transact } from '../../db/transact.js';
import type { JobQueue, JobHandler } from '../../jobs/index.js';
import { ensureStandingJob } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { deleteExpiredEvents } from './event-retention.repository.js';

/**
 * The one retention job. Its id is fixed, so every worker that starts can make sure it exists
 * (an insert that does nothing when it does) and several workers never run two of it: there is
 * one row, and a claim leases it to one worker at a time. The id has the shape of a job id
 * (lib/ids.ts), so operator commands take it like any other.
 */
export const EVENT_RETENTION_JOB_ID = 'job_0000000000EVENTRETENT10N00';

const DAY_MS = 86_400_000;
/** Events per batch, each batch one transaction (short locks, bounded work per run). */
export const DEFAULT_RETENTION_BATCH = 500;
/** How often the job looks for expired events once it has caught up. */
export const DEFAULT_RETENTION_INTERVAL_MS = 3_600_000;

/**
 * Makes sure the retention job is queued (worker start): due now when it is new, so a fresh
 * deployment applies its window at once. A job parked after repeated failures is revived here
 * too, so a restart resumes retention without an operator.
 */
export async function scheduleEventRetention(db: Db, now: number): Promise<void> {
  await ensureStandingJob(db, {
    id: EVENT_RETENTION_JOB_ID,
    kind: 'webhook.events.retention',
    subjectId: 'events',
    now,
  });
}

export interface EventRetentionDeps {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  retentionDays: number;
  batchSize?: number;
  intervalMs?: number;
}

/**
 * One batch per run, in one transaction with the job's own rescheduling: a full batch makes the
 * job due again at once (more may have expired), a partial one puts it off for the interval.
 * A run whose lease was lost does nothing (its new owner runs it). Deleting is idempotent, so a
 * run repeated after a crash is harmless.
 */
export function eventRetentionStep(deps: EventRetentionDeps): JobHandler {
  const batch = deps.batchSize ?? DEFAULT_RETENTION_BATCH;
  const interval = deps.intervalMs ?? DEFAULT_RETENTION_INTERVAL_MS;
  return (job) =>
    transact(deps.db, async (tx) => {
      const now = deps.clock.now();
      if (!(await deps.queue.reschedule(tx.trx, job, now + interval))) return;
      const deleted = await deleteExpiredEvents(tx.trx, {
        before: now - deps.retentionDays * DAY_MS,
        limit: batch,
      });
      if (deleted.events === batch) {
        await tx.trx
          .updateTable('jobs')
          .set({ run_at: now })
          .where('id', '=', job.id)
          .where('lease_owner', 'is', null)
          .execute();
      }
    });
}
