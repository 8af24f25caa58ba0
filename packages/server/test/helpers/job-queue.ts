import { beforeAll, beforeEach } from 'vitest';
import type { Engine } from '../../src/db/database.js';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import type { NewJob } from '../../src/jobs/jobs.table.js';
import type { TestAppOptions } from './test-app.js';
import { lateBound, useSandboxApp, type SandboxApp } from './world.js';

/** A describe block's job queue, straight on its sandbox app's database (no worker). */
export interface JobQueueSetUp extends SandboxApp {
  queue: JobQueue;
  /** Enqueues `jobs` in one transaction: webhook.attempt jobs due now, `msg_<index>`, unless said. */
  enqueue(jobs: readonly Partial<NewJob>[]): Promise<void>;
}

/**
 * A sandbox app (on a ManualClock) and a JobQueue on its database, the jobs table emptied before
 * each test, so a test sees only the jobs it enqueued.
 */
export function useJobQueue(
  engine: Engine,
  options: Omit<TestAppOptions, 'clock'> = {},
): JobQueueSetUp {
  const { t, clock } = useSandboxApp(engine, options);
  let made: JobQueue | undefined;
  beforeAll(() => {
    made = new JobQueue(t.handle.db, dialectFor(t.handle.engine), clock, new JobSignal());
  });
  beforeEach(async () => {
    await t.handle.db.deleteFrom('jobs').execute();
  });
  const queue = lateBound('job queue', () => made);
  const enqueue = async (jobs: readonly Partial<NewJob>[]) => {
    await transact(t.handle.db, (tx) =>
      queue.enqueue(
        tx,
        jobs.map((job, i) => ({
          kind: 'webhook.attempt',
          subjectId: `msg_${i}`,
          runAt: clock.now(),
          ...job,
        })),
      ),
    );
  };
  return { t, clock, queue, enqueue };
}
