import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { JobQueue } from './job-queue.js';
import type { JobSignal } from './job-signal.js';
import type { Job, JobKind } from './jobs.table.js';

/**
 * Does one job. It settles the row itself (complete / reschedule) in its own transaction
 * (`jobStep` does that for lifecycle steps); if it throws, the worker counts the failure and
 * backs off (JobQueue.fail).
 */
export type JobHandler = (job: Job) => Promise<void>;

export interface JobWorkerOptions {
  queue: JobQueue;
  signal: JobSignal;
  clock: Clock;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /** Optional per-kind batch preparation after a claim (e.g. one read for the whole batch). */
  prefetch?: Partial<Record<JobKind, (jobs: Job[]) => Promise<void>>>;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  logger: FastifyBaseLogger;
}

const CLAIM_BATCH = 100;

/**
 * Claims due jobs and runs them with bounded concurrency. Jobs that share a `queue` (one
 * subscription) run one after another in claim order; others run in parallel. A job that waited
 * in its queue for more than half its lease renews the lease before running, or skips if it
 * was lost (it has been claimed again elsewhere).
 */
export class JobWorker {
  readonly owner = `wrk_${randomBytes(8).toString('hex')}`;
  private running = false;
  private loop: Promise<void> | undefined;
  private inFlight = 0;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly idle = new Set<Promise<void>>();

  constructor(private readonly options: JobWorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Stops claiming and waits for the jobs in flight. `deadlineMs` is not honoured yet (the
   * `fair` branch implements it); the process-level deadline bounds the wait meanwhile.
   */
  async stop(_options: { deadlineMs?: number } = {}): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.options.signal.notify();
    await this.loop;
    await Promise.allSettled([...this.idle]);
  }

  private async run(): Promise<void> {
    const { queue, signal, clock, concurrency, leaseMs, pollMs, logger } = this.options;
    // Claiming is a write: while busy, wait until a useful share of the slots is free rather
    // than claiming one job per completion.
    const minClaim = Math.max(1, Math.floor(concurrency / 4));
    while (this.running) {
      let claimed: Job[] = [];
      const free = concurrency - this.inFlight;
      const worthClaiming = free > 0 && (this.inFlight === 0 || free >= minClaim);
      const asked = Math.min(free, CLAIM_BATCH);
      if (worthClaiming) {
        try {
          claimed = await queue.claim(this.owner, asked, leaseMs);
        } catch (error) {
          logger.error({ err: error }, 'job claim failed');
        }
        await this.prefetch(claimed);
        for (const job of claimed) this.dispatch(job, clock.now());
      }
      if (!this.running) break;
      // A full batch means more may be due at once.
      if (worthClaiming && claimed.length === asked && this.inFlight < concurrency) continue;
      let waitMs = pollMs;
      // Nothing more is due now: sleep until the next job is (completions and commits wake us earlier).
      if (worthClaiming && claimed.length < asked) {
        try {
          const next = await queue.nextWakeAt();
          if (next !== undefined) waitMs = Math.min(pollMs, Math.max(0, next - clock.now()));
        } catch (error) {
          logger.error({ err: error }, 'job schedule lookup failed');
        }
      }
      if (waitMs > 0) await signal.wait(waitMs);
    }
  }

  private async prefetch(jobs: Job[]): Promise<void> {
    const { prefetch, logger } = this.options;
    if (!prefetch || jobs.length === 0) return;
    for (const [kind, load] of Object.entries(prefetch) as [
      JobKind,
      (jobs: Job[]) => Promise<void>,
    ][]) {
      const ofKind = jobs.filter((job) => job.kind === kind);
      if (ofKind.length === 0) continue;
      try {
        await load(ofKind);
      } catch (error) {
        // Only an optimisation: handlers read what they need themselves.
        logger.warn({ err: error, kind }, 'job prefetch failed');
      }
    }
  }

  private dispatch(job: Job, claimedAt: number): void {
    this.inFlight += 1;
    const key = job.queue ?? job.id;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const task = previous.then(() => this.execute(job, claimedAt));
    this.chains.set(key, task);
    this.idle.add(task);
    void task.finally(() => {
      this.inFlight -= 1;
      this.idle.delete(task);
      if (this.chains.get(key) === task) this.chains.delete(key);
      // Capacity is free again: let the loop claim more.
      this.options.signal.notify();
    });
  }

  /**
   * Claims and runs every job due now, once, and waits for them: what the loop does, without the
   * loop. Returns how many were claimed. For tests on a manual clock (test/helpers/run-due-jobs.ts).
   */
  async runDue(): Promise<number> {
    const { queue, clock, leaseMs } = this.options;
    let total = 0;
    for (;;) {
      const claimed = await queue.claim(this.owner, CLAIM_BATCH, leaseMs);
      if (claimed.length === 0) return total;
      total += claimed.length;
      await this.prefetch(claimed);
      for (const job of claimed) this.dispatch(job, clock.now());
      await Promise.allSettled([...this.idle]);
    }
  }

  private async execute(job: Job, claimedAt: number): Promise<void> {
    const { handlers, queue, clock, leaseMs, logger } = this.options;
    try {
      if (clock.now() - claimedAt > leaseMs / 2 && !(await queue.renew(job, leaseMs))) return;
      const handler = handlers[job.kind];
      if (!handler) {
        logger.error(
          { jobId: job.id, kind: job.kind },
          'no handler for job kind; leaving it for another worker',
        );
        return;
      }
      await handler(job);
    } catch (error) {
      await this.failed(job, error);
    }
  }

  /** One warn line per failure: the job backs off, or is parked for an operator. */
  private async failed(job: Job, error: unknown): Promise<void> {
    const { queue, logger } = this.options;
    const line = { err: error, jobId: job.id, kind: job.kind, subjectId: job.subject_id };
    try {
      const result = await queue.fail(job, error);
      switch (result.kind) {
        case 'retry':
          logger.warn(
            { ...line, attempt: result.attempt, nextRunAt: new Date(result.at).toISOString() },
            'job failed; it will run again after a backoff',
          );
          return;
        case 'parked':
          logger.warn(
            { ...line, attempt: result.attempt, parked: true },
            'job failed for the last allowed time; parked (see `cofre jobs list --failed`)',
          );
          return;
        case 'lost':
          logger.warn(
            { ...line, attempt: result.attempt },
            'job failed after its lease was lost; its new owner decides',
          );
          return;
      }
    } catch (failError) {
      // Could not even record the failure: the lease runs out and the job is claimed again.
      logger.error(
        { ...line, failError },
        'job failed and its failure could not be recorded; it runs again when its lease expires',
      );
    }
  }
}
