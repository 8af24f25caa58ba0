import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { transact } from '../db/transact.js';
import type { Job, JobHandler, JobQueue } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import { recordRailRun, type RunState } from './rail-job-runs.js';

/** What one run of a standing rail job did: caught up, more is waiting, or its lease was lost. */
export type RailRunOutcome = 'done' | 'more' | 'lost';

/** Longest wait between runs while the outside system fails. */
const MAX_BACKOFF_MS = 60_000;

export interface StandingRailJob {
  rail: string;
  /** The job's name in health and logs (`charges`, `inbound`, …). */
  job: string;
  /** The wait after a run that caught up. */
  pollMs: number;
  run(job: Job): Promise<RailRunOutcome>;
  /** A wait the outside system asked for (a PSP's Retry-After), if the error carries one. */
  retryAfterMs?(error: unknown): number | undefined;
}

/**
 * A rail's standing job (one row under a fixed id, one worker at a time): one run, then the job
 * is put back — due at once while more is waiting, a poll later once caught up. A failing outside
 * system never parks the job (the queue parks after repeated throws): the run is caught here and
 * retried after a growing delay, up to a minute (longer only when the other side asked for it),
 * logged once per failure, recorded for health; nothing is credited or sent on a guess meanwhile.
 */
export function standingRailJob(
  deps: { db: Db; queue: JobQueue; clock: Clock; logger: FastifyBaseLogger },
  spec: StandingRailJob,
  state: RunState,
): JobHandler {
  return async (job) => {
    let next: number;
    let failed: string | undefined;
    try {
      const outcome = await spec.run(job);
      if (outcome === 'lost') return;
      state.failures = 0;
      state.lastError = undefined;
      next = deps.clock.now() + (outcome === 'more' ? 0 : spec.pollMs);
    } catch (error) {
      state.failures++;
      failed = state.lastError = error instanceof Error ? error.message : String(error);
      deps.logger.warn(
        { err: error, rail: spec.rail, job: spec.job, failures: state.failures },
        `${spec.rail} rail: ${spec.job} could not go on; retrying with backoff`,
      );
      const backoff = Math.min(MAX_BACKOFF_MS, spec.pollMs * 2 ** Math.min(state.failures, 16));
      next = deps.clock.now() + Math.max(backoff, spec.retryAfterMs?.(error) ?? 0);
    }
    const at = deps.clock.now();
    await transact(deps.db, async (tx) => {
      await recordRailRun(tx.trx, { rail: spec.rail, job: spec.job, state, error: failed, at });
      return deps.queue.reschedule(tx.trx, job, next);
    });
  };
}
