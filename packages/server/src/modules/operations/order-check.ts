import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { jobStep } from '../../jobs/job-step.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Clock } from '../../lib/clock.js';
import type { RateSource } from '../../pricing/rate-source.js';

/** `operation.order.check` (placeholder until orders land, issue 8). */
export function orderCheckStep(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  rates: RateSource;
  checkIntervalMs: number;
}): JobHandler {
  return jobStep(deps, () => Promise.resolve());
}
