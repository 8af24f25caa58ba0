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

/** After a failed claim the loop waits 250 ms, doubling per failure up to 10 s. */
const CLAIM_BACKOFF = { baseMs: 250, maxMs: 10_000 } as const;

export interface StopOptions {
  /** How long to wait for running jobs; then their leases are given back (they run again). */
  deadlineMs?: number;
}

/**
 * Claims due jobs and runs them at once, up to `concurrency` at a time. Queues are the claim's
 * business (jobs/claim-heads.ts): it never hands out more of a queue than its allowance, so
 * every claimed job can start right away and a queue's waiting jobs hold no slot here.
 */
export class JobWorker {
  readonly owner = `wrk_${randomBytes(8).toString('hex')}`;
  private running = false;
  private loop: Promise<void> | undefined;
  /** Jobs whose handler is running (a set: a job claimed again after its lease ran out is two runs). */
  private readonly active = new Set<{ job: Job; done: Promise<void> }>();
  private claimFailures = 0;
  private failingSince = 0;
  /** Ends a backoff wait early when stop() is called (notifications do not: it is an outage). */
  private wakeFromBackoff: (() => void) | undefined;

  constructor(private readonly options: JobWorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Stops claiming at once; jobs claimed but not started are given back at once. Waits for the
   * running jobs, up to `deadlineMs` when given; past it, their leases are given back, so their
   * late finish loses and they run again elsewhere (at-least-once), and stop returns.
   */
  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.options.signal.notify();
    this.wakeFromBackoff?.();
    await this.loop;
    const running = Promise.allSettled([...this.active].map((a) => a.done));
    if (options.deadlineMs === undefined) {
      await running;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), options.deadlineMs);
    });
    const outcome = await Promise.race([running, deadline]);
    clearTimeout(timer);
    if (outcome === 'deadline' && this.active.size > 0) {
      await this.giveBack(
        [...this.active].map((a) => a.job),
        'still running at the shutdown deadline',
      );
    }
  }

  private async run(): Promise<void> {
    const { queue, signal, clock, concurrency, leaseMs, pollMs } = this.options;
    // Claiming is a write: while busy, wait until a useful share of the slots is free rather
    // than claiming one job per completion.
    const minClaim = Math.max(1, Math.floor(concurrency / 4));
    while (this.running) {
      let claimed: Job[] = [];
      const free = concurrency - this.active.size;
      const worthClaiming = free > 0 && (this.active.size === 0 || free >= minClaim);
      const asked = Math.min(free, CLAIM_BATCH);
      if (worthClaiming) {
        try {
          claimed = await queue.claim(this.owner, asked, leaseMs);
          this.claimSucceeded();
        } catch (error) {
          await this.backoff(this.claimFailed(error));
          continue;
        }
        await this.prefetch(claimed);
        if (!this.running) {
          // Stopped while these were being claimed: nobody here will run them.
          await this.giveBack(claimed, 'claimed as the worker stopped', { unclaim: true });
          break;
        }
        for (const job of claimed) this.dispatch(job);
      }
      if (!this.running) break;
      // A full batch means more may be due at once.
      if (worthClaiming && claimed.length === asked && this.active.size < concurrency) continue;
      let waitMs = pollMs;
      // Nothing more is claimable now: sleep until a job may be (finishes and commits wake us earlier).
      if (worthClaiming && claimed.length < asked) {
        try {
          const next = await queue.nextWakeAt();
          if (next !== undefined) waitMs = Math.min(pollMs, Math.max(0, next - clock.now()));
        } catch {
          // The claim just worked; a failing lookup only costs a poll interval of latency.
        }
      }
      if (waitMs > 0) await signal.wait(waitMs);
    }
  }

  /**
   * One warn line when claiming starts failing (a database outage), then silence while it
   * lasts; returns the wait before the next try: capped exponential backoff.
   */
  private claimFailed(error: unknown): number {
    const { logger, clock } = this.options;
    this.claimFailures += 1;
    if (this.claimFailures === 1) {
      this.failingSince = clock.now();
      logger.warn({ err: error }, 'job claims are failing; retrying with backoff');
    }
    const exponent = Math.min(this.claimFailures - 1, 16);
    return Math.min(CLAIM_BACKOFF.maxMs, CLAIM_BACKOFF.baseMs * 2 ** exponent);
  }

  private backoff(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeFromBackoff = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeFromBackoff = done;
    });
  }

  /** One info line when claiming works again after failures. */
  private claimSucceeded(): void {
    if (this.claimFailures === 0) return;
    this.options.logger.info(
      { failedClaims: this.claimFailures, failingMs: this.options.clock.now() - this.failingSince },
      'job claims work again',
    );
    this.claimFailures = 0;
  }

  /** Clears the leases of jobs this worker will not finish, so they are claimable at once. */
  private async giveBack(
    jobs: Job[],
    why: string,
    options: { unclaim?: boolean } = {},
  ): Promise<void> {
    if (jobs.length === 0) return;
    const { queue, logger } = this.options;
    try {
      const released = await queue.release(
        this.owner,
        jobs.map((job) => job.id),
        options,
      );
      logger.info({ released, jobs: jobs.length }, `jobs given back: ${why}`);
    } catch (error) {
      // Their leases run out instead; they are claimed again then.
      logger.warn({ err: error, jobs: jobs.length }, `could not give jobs back: ${why}`);
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

  private dispatch(job: Job): void {
    const run = { job, done: Promise.resolve() };
    run.done = this.execute(job).finally(() => {
      this.active.delete(run);
      // Capacity is free again (and maybe room in the job's queue): let the loop claim more.
      this.options.signal.notify();
    });
    this.active.add(run);
  }

  /**
   * Claims and runs every job due now, once, and waits for them: what the loop does, without the
   * loop. Returns how many were claimed. For tests on a manual clock (test/helpers/run-due-jobs.ts).
   */
  async runDue(): Promise<number> {
    const { queue, leaseMs } = this.options;
    let total = 0;
    for (;;) {
      const claimed = await queue.claim(this.owner, CLAIM_BATCH, leaseMs);
      if (claimed.length === 0) return total;
      total += claimed.length;
      await this.prefetch(claimed);
      for (const job of claimed) this.dispatch(job);
      await Promise.allSettled([...this.active].map((a) => a.done));
    }
  }

  private async execute(job: Job): Promise<void> {
    const { handlers, logger } = this.options;
    try {
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
