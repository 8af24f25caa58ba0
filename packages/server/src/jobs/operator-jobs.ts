import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import { toIso } from '../lib/clock.js';
import { JOBS_CHANNEL } from './job-queue.js';
import type { Job, JobKind } from './jobs.table.js';

/**
 * What operators see of the queue (`cofre jobs list`, `cofre jobs retry`). Cross-customer by
 * nature: jobs belong to the system, and only the CLI, with database access, reaches this.
 */
export interface JobSummary {
  id: string;
  kind: string;
  subjectId: string;
  queue: string | null;
  /** parked: failed for the last allowed time; running: leased; waiting: not claimed yet. */
  state: 'parked' | 'running' | 'waiting';
  attempts: number;
  claims: number;
  lastError: string | null;
  runAt: string;
  failedAt: string | null;
  createdAt: string;
}

/** Which jobs `cofre jobs list` shows: parked ones only, one kind, one queue (a subscription). */
export interface JobFilter {
  failed?: boolean;
  kind?: JobKind;
  queue?: string;
}

const filtered = (db: Db, filter: JobFilter) => {
  let query = db.selectFrom('jobs');
  if (filter.failed) query = query.where('failed_at', 'is not', null);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.queue !== undefined) query = query.where('queue', '=', filter.queue);
  return query;
};

export async function listJobs(
  db: Db,
  options: JobFilter & { limit?: number; now: number },
): Promise<JobSummary[]> {
  let query = filtered(db, options).selectAll();
  query = options.failed
    ? query.orderBy('failed_at', 'desc').orderBy('id', 'desc')
    : query.orderBy('run_at').orderBy('id');
  const rows = await query.limit(options.limit ?? 100).execute();
  return rows.map((row) => toSummary(row, options.now));
}

/** How many jobs match the filter, so a list cut at its limit can say so. */
export async function countJobs(db: Db, filter: JobFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The queues (subscriptions) with the most unparked jobs, most first: who the backlog is. */
export async function busiestQueues(
  db: Db,
  limit: number,
): Promise<{ queue: string; jobs: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['queue', eb.fn.countAll<number | string>().as('n')])
    .where('queue', 'is not', null)
    .where('failed_at', 'is', null)
    .groupBy('queue')
    .orderBy('n', 'desc')
    .orderBy('queue')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ queue: row.queue!, jobs: Number(row.n) }));
}

/**
 * Puts a parked job back in the queue, due now, with a fresh failure budget (its last error is
 * kept until it runs again). False when no parked job has that id. Workers of other processes
 * are woken on PostgreSQL; on SQLite they find it at their next poll.
 */
export async function retryParkedJob(
  db: Db,
  dialect: Dialect,
  jobId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      failed_at: null,
      attempts: 0,
      run_at: now,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', jobId)
    .where('failed_at', 'is not', null)
    .executeTakeFirst();
  const requeued = Number(result.numUpdatedRows) > 0;
  if (requeued) await dialect.notify(db, JOBS_CHANNEL);
  return requeued;
}

function toSummary(row: Job, now: number): JobSummary {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    queue: row.queue,
    state: stateOf(row, now),
    attempts: row.attempts,
    claims: row.claims,
    lastError: row.last_error,
    runAt: toIso(row.run_at),
    failedAt: row.failed_at === null ? null : toIso(row.failed_at),
    createdAt: toIso(row.created_at),
  };
}

function stateOf(row: Job, now: number): JobSummary['state'] {
  if (row.failed_at !== null) return 'parked';
  if (row.lease_expires_at !== null && row.lease_expires_at >= now) return 'running';
  return 'waiting';
}
