import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact, type Tx } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { jobStep } from '../../src/jobs/job-step.js';
import type { Job } from '../../src/jobs/jobs.table.js';
import { ENGINES } from '../helpers/test-db.js';
import { useSandboxApp } from '../helpers/world.js';

const LEASE_MS = 1_000;

// Issue 6 point 18: a step completes its job and does its work in ONE transaction.
describe.each(ENGINES)('jobStep on %s', (engine) => {
  let queue: JobQueue;

  const { t, clock } = useSandboxApp(engine);

  beforeAll(async () => {
    queue = new JobQueue(t.handle.db, dialectFor(engine), clock, new JobSignal());
  });
  beforeEach(async () => {
    await t.handle.db.deleteFrom('jobs').execute();
    await t.handle.db.deleteFrom('idempotency_keys').execute();
  });

  async function claimOne(owner = 'wrk_a'): Promise<Job> {
    await transact(t.handle.db, (tx) =>
      queue.enqueue(tx, [
        { kind: 'sandbox.account.activate', subjectId: 'acc_x', runAt: clock.now() },
      ]),
    );
    const [job] = await queue.claim(owner, 1, LEASE_MS);
    return job!;
  }

  /** A visible side effect of the step, in the step's transaction. */
  const write = async (tx: Tx, key: string): Promise<void> => {
    await tx.trx
      .insertInto('idempotency_keys')
      .values({
        customer_id: 'cus_step',
        key,
        request_hash: 'h',
        state: 'DONE',
        response_status: null,
        response_body: null,
        created_at: clock.now(),
        expires_at: clock.now(),
      })
      .execute();
  };
  const written = async () =>
    (await t.handle.db.selectFrom('idempotency_keys').select('key').execute()).map((r) => r.key);
  const jobs = () => t.handle.db.selectFrom('jobs').select('id').execute();

  it('completes the job and commits the step together', async () => {
    const job = await claimOne();
    await jobStep({ db: t.handle.db, queue }, (tx) => write(tx, 'done'))(job);
    expect(await written()).toEqual(['done']);
    expect(await jobs()).toEqual([]);
  });

  it('rolls both back when the step throws, leaving the job to be claimed again', async () => {
    const job = await claimOne();
    const step = jobStep({ db: t.handle.db, queue }, async (tx) => {
      await write(tx, 'half-done');
      throw new Error('step broke');
    });
    await expect(step(job)).rejects.toThrow('step broke');
    expect(await written()).toEqual([]);
    expect(await jobs()).toEqual([{ id: job.id }]);
  });

  it('runs nothing when the lease was lost to another worker', async () => {
    const stale = await claimOne('wrk_a');
    clock.advance(LEASE_MS + 1);
    expect(await queue.claim('wrk_b', 1, LEASE_MS)).toHaveLength(1);
    await jobStep({ db: t.handle.db, queue }, (tx) => write(tx, 'twice'))(stale);
    expect(await written()).toEqual([]);
    expect(await jobs()).toEqual([{ id: stale.id }]);
  });
});
