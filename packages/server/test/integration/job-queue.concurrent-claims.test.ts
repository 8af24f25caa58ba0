import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { dialectFor } from '../../src/db/dialect.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

const JOBS = 200;
const BATCH = 7;
const OWNERS = ['wrk_a', 'wrk_b', 'wrk_c', 'wrk_d'];

// BRIEF "The database is the queue": on PostgreSQL concurrent workers claim with FOR UPDATE SKIP
// LOCKED and must never both get one job; SQLite has a single writer and must hold the same.
describe.each(ENGINES)('concurrent job claims on %s', (engine) => {
  let t: TestApp;
  let queue: JobQueue;

  beforeAll(async () => {
    const clock = new ManualClock();
    // One pooled connection per concurrent claimer, so the claims really overlap on PostgreSQL.
    t = await createTestApp(engine, { clock, env: { COFRE_DATABASE_POOL_SIZE: '8' } });
    queue = new JobQueue(t.handle.db, dialectFor(t.handle.engine), clock, new JobSignal());
    await transact(t.handle.db, (tx) =>
      queue.enqueue(
        tx,
        Array.from({ length: JOBS }, (_, i) => ({
          kind: 'webhook.attempt' as const,
          subjectId: `msg_${i}`,
          runAt: clock.now(),
        })),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('never hands the same job to two workers claiming at the same time', async () => {
    const claimedBy = new Map<string, string[]>();
    for (;;) {
      const rounds = await Promise.all(
        OWNERS.map(async (owner) => ({ owner, jobs: await queue.claim(owner, BATCH, 60_000) })),
      );
      for (const { owner, jobs } of rounds) {
        for (const job of jobs) {
          expect(job.lease_owner).toBe(owner);
          claimedBy.set(job.id, [...(claimedBy.get(job.id) ?? []), owner]);
        }
      }
      if (rounds.every((r) => r.jobs.length === 0)) break;
    }
    const twice = [...claimedBy].filter(([, owners]) => owners.length > 1);
    expect(twice).toEqual([]);
    expect(claimedBy.size).toBe(JOBS);

    const rows = await t.handle.db
      .selectFrom('jobs')
      .select(['id', 'lease_owner', 'claims'])
      .execute();
    expect(rows).toHaveLength(JOBS);
    for (const { id, lease_owner, claims } of rows) {
      expect(claims).toBe(1);
      expect(claimedBy.get(id)).toEqual([lease_owner]);
    }
  });
});
