import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import type { Dialect } from '../db/dialect.js';
import type { Tx } from '../db/transact.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { afterFailure, DEFAULT_JOB_FAILURE_POLICY, type JobFailurePolicy } from './job-backoff.js';
import { claimHeads } from './claim-heads.js';
import type { JobSignal } from './job-signal.js';
import { JOB_PRIORITY, type Job, type NewJob } from './jobs.table.js';

export const JOBS_CHANNEL = 'cofre_jobs';

/** A job to write, with when it was enqueued (its id's time and `created_at`). */
interface Pending {
  job: NewJob;
  at: number;
}

/** Jobs per INSERT: 14 columns each, far below both engines' bound-parameter limits. */
const ROWS_PER_INSERT = 500;

/**
 * The database as the queue (graphile-worker's model). A job is a row with a due time; a worker
 * claims due rows under a lease in one statement; a lease that runs out makes the row claimable
 * again, so a worker that dies loses nothing. Finishing is conditional on still holding the lease.
 */
export class JobQueue {
  constructor(
    private readonly db: Db,
    readonly dialect: Dialect,
    private readonly clock: Clock,
    private readonly signal: JobSignal,
    private readonly failures: JobFailurePolicy = DEFAULT_JOB_FAILURE_POLICY,
  ) {}

  /** The jobs enqueued on a handle of `together`, waiting to be written when its work ends. */
  private readonly collecting = new WeakMap<Tx, Pending[]>();

  /**
   * Adds jobs inside the caller's transaction; workers are woken once it commits. Any number
   * of them: the rows go in INSERTs of ROWS_PER_INSERT, so a recover or a resume of thousands of
   * messages stays under the engines' bound-parameter limits (SQLite 32,766, so 2,340 jobs;
   * PostgreSQL 65,535) — one INSERT of them all was a 500 on SQLite and a 503 on PostgreSQL
   * (its 08P01 reads as a lost connection). On a handle of `together`, they are written when
   * its work ends, with the others enqueued on it.
   */
  async enqueue(tx: Tx, jobs: NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const at = this.clock.now();
    const waiting = this.collecting.get(tx);
    if (waiting) {
      for (const job of jobs) waiting.push({ job, at });
      return;
    }
    await this.write(
      tx,
      jobs.map((job) => ({ job, at })),
    );
  }

  /**
   * Runs `work` on a handle of `tx` whose enqueued jobs are written together when it ends: one
   * INSERT for all of them rather than one per `enqueue`, so a request that schedules several
   * (a new operation's event fan-out, its next lifecycle steps, its expiry) makes one round trip
   * for them on PostgreSQL (docs/performance.md "Statements per request"). For work that does
   * not read or change the jobs it enqueues before it ends (nothing in it sees them until then).
   * If `work` throws, nothing of it is written; the caller's transaction rolls back anyway.
   */
  async together<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
    const waiting: Pending[] = [];
    const handle: Tx = { trx: tx.trx, afterCommit: (hook) => tx.afterCommit(hook) };
    this.collecting.set(handle, waiting);
    let result: T;
    try {
      result = await work(handle);
    } finally {
      this.collecting.delete(handle);
    }
    await this.write(tx, waiting);
    return result;
  }

  private async write(tx: Tx, jobs: Pending[]): Promise<void> {
    if (jobs.length === 0) return;
    for (let i = 0; i < jobs.length; i += ROWS_PER_INSERT) {
      await this.insertJobs(tx, jobs.slice(i, i + ROWS_PER_INSERT), i === 0);
    }
    tx.afterCommit(() => this.signal.notify());
  }

  /**
   * `notify`: the first INSERT also tells other processes' workers (PostgreSQL's NOTIFY, heard
   * on commit, carried by the INSERT itself: no round trip of its own); this process's hear it
   * through the signal.
   */
  private async insertJobs(tx: Tx, jobs: Pending[], notify: boolean): Promise<void> {
    const notice = notify ? this.dialect.notice(JOBS_CHANNEL) : undefined;
    const insert = tx.trx.insertInto('jobs').values(
      jobs.map(({ job, at }) => ({
        id: newId('job', at),
        kind: job.kind,
        queue: job.queue ?? null,
        queue_limit: job.queue != null ? (job.queueLimit ?? null) : null,
        priority: JOB_PRIORITY.first,
        subject_id: job.subjectId,
        run_at: job.runAt,
        lease_owner: null,
        lease_expires_at: null,
        claims: 0,
        attempts: 0,
        last_error: null,
        failed_at: null,
        created_at: at,
      })),
    );
    await (notice ? insert.returning(notice.as('notified')) : insert).execute();
  }

  /**
   * Claims up to `limit` due jobs for `leaseMs`: the heads of each queue, within each queue's
   * allowance of jobs in flight across all workers (jobs/claim-heads.ts).
   */
  claim(owner: string, limit: number, leaseMs: number): Promise<Job[]> {
    return claimHeads(this.db, this.dialect, { owner, limit, leaseMs, now: this.clock.now() });
  }

  /**
   * Gives jobs back at once (a stopping worker): their lease is cleared, so any worker claims
   * them now, and a late finish by this owner loses (it is conditional on the lease).
   */
  async release(
    owner: string,
    jobIds: string[],
    { unclaim = false }: { unclaim?: boolean } = {},
  ): Promise<number> {
    let released = 0;
    for (let i = 0; i < jobIds.length; i += 500) {
      const result = await this.db
        .updateTable('jobs')
        .set((eb) => ({
          lease_owner: null,
          lease_expires_at: null,
          // Jobs that never started (claimed as the worker stopped) are given back as they were:
          // their claim is undone, so `claims` keeps counting only the claims that ran.
          ...(unclaim ? { claims: eb('claims', '-', 1) } : {}),
        }))
        .where('id', 'in', jobIds.slice(i, i + 500))
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      released += Number(result.numUpdatedRows);
    }
    if (released > 0) {
      await this.dialect.notify(this.db, JOBS_CHANNEL);
      this.signal.notify();
    }
    return released;
  }

  /** A fair queue's new allowance, for the jobs it already has (a subscription's PATCH). */
  async setQueueLimit(trx: Trx, queue: string, limit: number): Promise<void> {
    await trx
      .updateTable('jobs')
      .set({ queue_limit: limit })
      .where('queue', '=', queue)
      .where('queue_limit', 'is not', null)
      .execute();
  }

  /**
   * Removes a finished job; false when the lease was lost (someone else owns it now). `db` is
   * the transaction of the state change that finished the job, or the pool when the job
   * changed nothing (one statement then needs no transaction of its own).
   */
  async complete(db: Db, job: Job): Promise<boolean> {
    const result = await db
      .deleteFrom('jobs')
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.lease_owner)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Puts a job back to run again at `runAt` (a retry), releasing the lease. Once due, it goes
   * before the first runs waiting in its fair queue (JOB_PRIORITY.again).
   */
  async reschedule(trx: Trx, job: Job, runAt: number): Promise<boolean> {
    const result = await trx
      .updateTable('jobs')
      .set({
        run_at: runAt,
        lease_owner: null,
        lease_expires_at: null,
        priority: JOB_PRIORITY.again,
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.lease_owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Settles a job whose handler threw: counts the failure and either puts the job back after a
   * capped exponential backoff with jitter, or parks it (kept, never claimed again until an
   * operator re-queues it). Conditional on the lease like every finish: `lost` means another
   * worker owns the job now, and its own run decides.
   */
  async fail(job: Job, error: unknown): Promise<JobFailure> {
    const now = this.clock.now();
    const attempt = job.attempts + 1;
    const step = afterFailure({ attempts: attempt, policy: this.failures, now });
    const result = await this.db
      .updateTable('jobs')
      .set({
        attempts: attempt,
        last_error: describeError(error),
        lease_owner: null,
        lease_expires_at: null,
        ...(step.kind === 'retry' ? { run_at: step.at } : { failed_at: now }),
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.lease_owner)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { kind: 'lost', attempt };
    return step.kind === 'retry'
      ? { kind: 'retry', attempt, at: step.at }
      : { kind: 'parked', attempt };
  }

  /**
   * Inside a transaction: extends the lease if it is still this run's and holds the job's row
   * until commit (an update locks it on PostgreSQL; SQLite has one writer), so no other worker
   * claims the job while the transaction writes. False: the lease was lost, write nothing. The
   * fence of a long-running job (a chain watcher) whose every write must come from the one
   * worker that holds it (docs/rails.md "One worker per cursor and per wallet").
   */
  async fence(trx: Trx, job: Job, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    const result = await trx
      .updateTable('jobs')
      .set({ lease_expires_at: now + leaseMs })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.lease_owner)
      .where('lease_expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Extends a lease still held; false when it was lost. */
  async renew(job: Job, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_expires_at: now + leaseMs })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.lease_owner)
      .where('lease_expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Drops the pending jobs of these subjects (paused or deleted subscriptions). Leased ones run on and re-check. */
  async cancelUnleased(trx: Trx, subjectIds: string[]): Promise<void> {
    if (subjectIds.length === 0) return;
    const now = this.clock.now();
    for (let i = 0; i < subjectIds.length; i += 500) {
      await trx
        .deleteFrom('jobs')
        .where('subject_id', 'in', subjectIds.slice(i, i + 500))
        .where((eb) =>
          eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
        )
        .execute();
    }
  }

  /**
   * When a job may next become claimable without anyone announcing it: the next future due time
   * or lease expiry. Jobs due now that the last claim left are waiting for room in their queue;
   * a finish in this process wakes the worker (another process's worker claims them itself).
   * Two index seeks.
   */
  async nextWakeAt(): Promise<number | undefined> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('jobs')
      .select('run_at')
      .where('run_at', '>', now)
      .where('lease_owner', 'is', null)
      .where('failed_at', 'is', null)
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const lease = await this.db
      .selectFrom('jobs')
      .select('lease_expires_at')
      .where('lease_expires_at', '>', now)
      .orderBy('lease_expires_at')
      .limit(1)
      .executeTakeFirst();
    const times = [due?.run_at, lease?.lease_expires_at].filter((t): t is number => t != null);
    return times.length === 0 ? undefined : Math.min(...times);
  }
}

/** How `fail` settled a job. */
export type JobFailure =
  | { kind: 'retry'; attempt: number; at: number }
  | { kind: 'parked'; attempt: number }
  | { kind: 'lost'; attempt: number };

/** Operators read this; a stack would not fit and may carry more than they need. */
const ERROR_TEXT_LIMIT = 2_000;

function describeError(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : (JSON.stringify(error) ?? 'unknown error');
  return text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}…` : text;
}
