import { describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { listJobs, retryParkedJob } from '../../src/jobs/operator-jobs.js';
import { newId } from '../../src/lib/ids.js';
import { insertAccount } from '../../src/modules/accounts/accounts.repository.js';
import { captureLog, LEVEL } from '../helpers/capture-log.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { useSandboxApp } from '../helpers/world.js';

const MAX_ATTEMPTS = 4;
const BACKOFF_MS = 1_000;
const BACKOFF_MAX_MS = 3_000;

// Issue 6 point 6: a handler that throws is retried with capped exponential backoff and jitter,
// then parked (kept, never claimed) for an operator, who can re-queue it.
describe.each(ENGINES)('a poison job on %s', (engine) => {
  const log = captureLog('debug');

  const { t, clock } = useSandboxApp(engine, {
    env: {
      COFRE_WORKER_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      COFRE_WORKER_BACKOFF_MS: String(BACKOFF_MS),
      COFRE_WORKER_BACKOFF_MAX_MS: String(BACKOFF_MAX_MS),
    },
  });

  const jobRow = (id: string) =>
    t.handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A real sandbox step that always throws: its account's assets are not JSON. */
  async function poisonJob(): Promise<string> {
    const { customerId } = await t.createClient('Poisoned');
    const now = clock.now();
    const accountId = newId('account', now);
    await insertAccount(t.handle.db, {
      id: accountId,
      customer_id: customerId,
      type: 'CHECKING',
      status: 'OPENING',
      assets: '{not json',
      created_at: now,
      updated_at: now,
    });
    const queue = new JobQueue(t.handle.db, dialectFor(engine), clock, new JobSignal());
    await transact(t.handle.db, (tx) =>
      queue.enqueue(tx, [{ kind: 'sandbox.account.activate', subjectId: accountId, runAt: now }]),
    );
    const job = await t.handle.db
      .selectFrom('jobs')
      .select('id')
      .where('subject_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return job.id;
  }

  it('retries with growing delays, parks after the last attempt, and runs again when re-queued', async () => {
    const jobId = await poisonJob();
    const run = () => runDueJobs(t, { logger: log.logger });

    const delays: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const failedAt = clock.now();
      expect(await run()).toBe(1);
      const row = await jobRow(jobId);
      expect(row).toMatchObject({ attempts: attempt, failed_at: null, lease_owner: null });
      expect(row.last_error).toMatch(/^SyntaxError: /);
      const delay = row.run_at - failedAt;
      // Equal jitter: between half and all of base·2^(n-1), capped.
      const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MS * 2 ** (attempt - 1));
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
      delays.push(delay);

      // Not due before its backoff is over.
      clock.advance(delay - 1);
      expect(await run()).toBe(0);
      clock.advance(1);
    }
    expect(delays[1]!).toBeGreaterThanOrEqual(delays[0]!);
    expect(delays[2]!).toBeGreaterThanOrEqual(BACKOFF_MS); // the third wait is at least the first's ceiling

    // The last allowed failure parks it: kept, never claimed again however long we wait.
    expect(await run()).toBe(1);
    const parked = await jobRow(jobId);
    expect(parked).toMatchObject({ attempts: MAX_ATTEMPTS, failed_at: clock.now() });
    clock.advance(24 * 3_600_000);
    expect(await run()).toBe(0);

    const warnings = log.lines().filter((line) => line.jobId === jobId);
    expect(warnings.map((line) => [line.level, line.attempt, line.parked ?? false])).toEqual([
      [LEVEL.warn, 1, false],
      [LEVEL.warn, 2, false],
      [LEVEL.warn, 3, false],
      [LEVEL.warn, 4, true],
    ]);
    expect(warnings[0]).toMatchObject({ kind: 'sandbox.account.activate' });
    expect(typeof warnings[0]!.nextRunAt).toBe('string');

    // Operators see it, and re-queue it with a fresh budget.
    const listed = await listJobs(t.handle.db, { failed: true, now: clock.now() });
    expect(listed.map((job) => [job.id, job.state, job.attempts])).toEqual([
      [jobId, 'parked', MAX_ATTEMPTS],
    ]);
    expect(listed[0]!.lastError).toMatch(/^SyntaxError: /);
    expect(await retryParkedJob(t.handle.db, dialectFor(engine), jobId, clock.now())).toBe(true);
    expect(await listJobs(t.handle.db, { failed: true, now: clock.now() })).toEqual([]);
    expect(await run()).toBe(1);
    expect(await jobRow(jobId)).toMatchObject({ attempts: 1, failed_at: null });
  });

  it('re-queues only parked jobs', async () => {
    const jobId = await poisonJob();
    expect(await retryParkedJob(t.handle.db, dialectFor(engine), jobId, clock.now())).toBe(false);
    expect(await retryParkedJob(t.handle.db, dialectFor(engine), 'job_nope', clock.now())).toBe(
      false,
    );
  });
});
