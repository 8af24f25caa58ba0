import { createJobRunner } from '../../src/worker.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import type { Resolver } from '../../src/lib/url-guard.js';
import type { TestApp } from './test-app.js';

/**
 * Claims and runs every job due at `t.clock.now()` with the worker's own handlers for this
 * environment, until none is due: a lifecycle test advances its ManualClock and calls this
 * instead of waiting on wall time. Jobs a run makes due at once (e.g. the webhook of an event a
 * step recorded) run in the same call. Returns how many jobs were claimed. Do not combine with a
 * test app started with `worker: true` (both would claim).
 */
export async function runDueJobs(
  t: TestApp,
  options: { resolve?: Resolver; logger?: Parameters<typeof createJobRunner>[0]['logger'] } = {},
): Promise<number> {
  const runner = await createJobRunner({
    config: t.config,
    db: t.handle.db,
    engine: t.handle.engine,
    clock: t.clock,
    signal: new JobSignal(),
    logger: options.logger ?? t.app.log,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  try {
    return await runner.worker.runDue();
  } finally {
    await runner.close();
  }
}
