import { beforeEach, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import type { Job, NewJob } from '../../src/jobs/jobs.table.js';
import { ENGINES } from '../helpers/test-db.js';
import { useJobQueue } from '../helpers/job-queue.js';

const LEASE_MS = 1_000;

// BRIEF "The database is the queue": due jobs are claimed under a lease; a lease that expires is
// claimed again; finishing is conditional on still holding the lease.
describe.each(ENGINES)('job queue leases on %s', (engine) => {
  const { t, clock, queue, enqueue: enqueueAll } = useJobQueue(engine);
  const enqueue = (...jobs: Partial<NewJob>[]) => enqueueAll(jobs);

  const row = (id: string) =>
    t.handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  it('claims due jobs oldest due first and leaves future ones alone', async () => {
    const now = clock.now();
    await enqueue(
      { subjectId: 'due-second', runAt: now - 2_000 },
      { subjectId: 'future', runAt: now + 1 },
      { subjectId: 'due-first', runAt: now - 3_000 },
      { subjectId: 'due-now', runAt: now },
      { subjectId: 'due-third', runAt: now - 1_000 },
    );
    const firstTwo = await queue.claim('wrk_a', 2, LEASE_MS);
    expect(firstTwo.map((j) => j.subject_id)).toEqual(['due-first', 'due-second']);
    const rest = await queue.claim('wrk_a', 10, LEASE_MS);
    expect(rest.map((j) => j.subject_id)).toEqual(['due-third', 'due-now']);
    expect(await queue.claim('wrk_a', 10, LEASE_MS)).toEqual([]);

    clock.advance(1);
    expect((await queue.claim('wrk_a', 10, LEASE_MS)).map((j) => j.subject_id)).toEqual(['future']);
  });

  it('breaks ties between jobs due at the same time by insertion order', async () => {
    await enqueue({ subjectId: 'a' }, { subjectId: 'b' }, { subjectId: 'c' });
    expect((await queue.claim('wrk_a', 10, LEASE_MS)).map((j) => j.subject_id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('returns a claimed job with its lease and claim count', async () => {
    await enqueue({ subjectId: 'one' });
    const [job] = await queue.claim('wrk_a', 1, LEASE_MS);
    expect(job).toMatchObject({
      subject_id: 'one',
      lease_owner: 'wrk_a',
      lease_expires_at: clock.now() + LEASE_MS,
      claims: 1,
    });
    expect(await row(job!.id)).toEqual(job);
  });

  it('does not claim a leased job again until its lease has expired, then does', async () => {
    await enqueue({ subjectId: 'one' });
    const [first] = await queue.claim('wrk_a', 10, LEASE_MS);
    expect(first).toBeDefined();

    expect(await queue.claim('wrk_b', 10, LEASE_MS)).toEqual([]);
    clock.advance(LEASE_MS - 1);
    expect(await queue.claim('wrk_b', 10, LEASE_MS)).toEqual([]);

    clock.advance(2);
    const [again] = await queue.claim('wrk_b', 10, LEASE_MS);
    expect(again).toMatchObject({
      id: first!.id,
      lease_owner: 'wrk_b',
      lease_expires_at: clock.now() + LEASE_MS,
      claims: 2,
    });
  });

  describe('after another worker re-claimed an expired lease', () => {
    let stale: Job;
    let current: Job;

    beforeEach(async () => {
      await enqueue({ subjectId: 'contended' });
      [stale] = (await queue.claim('wrk_a', 1, LEASE_MS)) as [Job];
      clock.advance(LEASE_MS + 1);
      [current] = (await queue.claim('wrk_b', 1, LEASE_MS)) as [Job];
      expect(current.id).toBe(stale.id);
    });

    it('refuses to complete the job for the previous owner and leaves it as it was', async () => {
      expect(await queue.complete(t.handle.db, stale)).toBe(false);
      expect(await row(current.id)).toEqual(current);
    });

    it('refuses to reschedule the job for the previous owner and leaves it as it was', async () => {
      expect(
        await transact(t.handle.db, ({ trx }) =>
          queue.reschedule(trx, stale, clock.now() + 60_000),
        ),
      ).toBe(false);
      expect(await row(current.id)).toEqual(current);
    });

    it('refuses to renew the lease for the previous owner', async () => {
      expect(await queue.renew(stale, LEASE_MS)).toBe(false);
      expect(await row(current.id)).toEqual(current);
    });

    it('lets the current owner complete it', async () => {
      expect(await queue.complete(t.handle.db, current)).toBe(true);
      expect(await row(current.id)).toBeUndefined();
    });

    it('lets the current owner reschedule it, releasing the lease', async () => {
      const runAt = clock.now() + 60_000;
      expect(await transact(t.handle.db, ({ trx }) => queue.reschedule(trx, current, runAt))).toBe(
        true,
      );
      expect(await row(current.id)).toMatchObject({
        run_at: runAt,
        lease_owner: null,
        lease_expires_at: null,
      });
      expect(await queue.claim('wrk_c', 10, LEASE_MS)).toEqual([]);
    });
  });

  // A job due now is the claim's business: left over, it waits for room in its queue, and a
  // finish wakes the worker. Waking for it would spin the loop while a queue is at its allowance.
  it('wakes next at the earliest future due time or lease expiry', async () => {
    expect(await queue.nextWakeAt()).toBeUndefined();
    const now = clock.now();
    await enqueue({ subjectId: 'later', runAt: now + 5_000 }, { subjectId: 'soon', runAt: now });
    expect(await queue.nextWakeAt()).toBe(now + 5_000);
    await queue.claim('wrk_a', 10, LEASE_MS);
    expect(await queue.nextWakeAt()).toBe(now + LEASE_MS);
  });
});
