import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import type { Job } from '../../src/jobs/jobs.table.js';
import { ENGINES } from '../helpers/test-db.js';
import { useJobQueue } from '../helpers/job-queue.js';

const LEASE_MS = 60_000;

// Issue 14 point 1 (BRIEF "Isolation"): the claim takes each queue's heads within the queue's
// allowance of jobs in flight, across all workers, so one queue's backlog never takes the
// workers from other queues; one-at-a-time queues keep their order; a due retry goes first.
describe.each(ENGINES)('fair job claims on %s', (engine) => {
  const { t, clock, queue, enqueue } = useJobQueue(engine, {
    env: { COFRE_DATABASE_POOL_SIZE: '8' },
  });

  /** `count` jobs of a fair queue, due one millisecond apart, oldest first. */
  const fair = (queueName: string, count: number, limit: number, from = clock.now() - count) =>
    Array.from({ length: count }, (_, i) => ({
      queue: queueName,
      queueLimit: limit,
      subjectId: `${queueName}_${i}`,
      runAt: from + i,
    }));

  const subjects = (jobs: Job[]) => jobs.map((job) => job.subject_id);
  const ofQueue = (jobs: Job[], name: string) => jobs.filter((job) => job.queue === name);

  async function liveLeasesByQueue(): Promise<Map<string, number>> {
    const rows = await t.handle.db
      .selectFrom('jobs')
      .select(['queue', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('lease_expires_at', '>=', clock.now())
      .where('queue', 'is not', null)
      .groupBy('queue')
      .execute();
    return new Map(rows.map((row) => [row.queue ?? '', Number(row.n)]));
  }

  it("takes at most a fair queue's allowance and still serves every other queue and job", async () => {
    await enqueue([
      // A's 2,000-job backlog is older than everything else.
      ...fair('sub_a', 2_000, 4, clock.now() - 10_000),
      ...fair('sub_b', 3, 4),
      { kind: 'sandbox.account.activate', subjectId: 'acc_1' },
      { kind: 'operation.deposit.expire', queue: 'op_1', subjectId: 'op_1' },
    ]);
    const first = await queue.claim('wrk_a', 100, LEASE_MS);
    expect(ofQueue(first, 'sub_a')).toHaveLength(4);
    expect(subjects(ofQueue(first, 'sub_a'))).toEqual(['sub_a_0', 'sub_a_1', 'sub_a_2', 'sub_a_3']);
    expect(ofQueue(first, 'sub_b')).toHaveLength(3);
    expect(subjects(first)).toContain('acc_1');
    expect(subjects(first)).toContain('op_1');

    // A is at its allowance: nothing more of it, whoever asks, until one of its jobs finishes.
    expect(await queue.claim('wrk_b', 100, LEASE_MS)).toEqual([]);
    await queue.complete(t.handle.db, ofQueue(first, 'sub_a')[0]!);
    expect(subjects(await queue.claim('wrk_b', 100, LEASE_MS))).toEqual(['sub_a_4']);
  });

  it('frees the place of a job whose lease ran out, and claims that job again first', async () => {
    await enqueue(fair('sub_a', 10, 2));
    const first = await queue.claim('wrk_a', 100, 1_000);
    expect(first).toHaveLength(2);
    clock.advance(1_001);
    const again = await queue.claim('wrk_b', 100, LEASE_MS);
    expect(subjects(again)).toEqual(subjects(first));
  });

  it('runs the jobs of a one-at-a-time queue one after another, in due order', async () => {
    const now = clock.now();
    await enqueue([
      { kind: 'operation.deposit.expire', queue: 'op_1', subjectId: 'third', runAt: now - 1 },
      { kind: 'sandbox.deposit.pay', queue: 'op_1', subjectId: 'first', runAt: now - 3 },
      { kind: 'sandbox.operation.settle', queue: 'op_1', subjectId: 'second', runAt: now - 2 },
    ]);
    const order: string[] = [];
    for (;;) {
      const claimed = await queue.claim('wrk_a', 100, LEASE_MS);
      if (claimed.length === 0) break;
      expect(claimed).toHaveLength(1);
      // While it runs, no other worker gets the next step.
      expect(await queue.claim('wrk_b', 100, LEASE_MS)).toEqual([]);
      order.push(claimed[0]!.subject_id);
      await queue.complete(t.handle.db, claimed[0]!);
    }
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('gives a due retry of a fair queue before the first runs waiting in it', async () => {
    await enqueue(fair('sub_a', 20, 1));
    const [first] = await queue.claim('wrk_a', 100, LEASE_MS);
    expect(first?.subject_id).toBe('sub_a_0');
    expect(
      await transact(t.handle.db, ({ trx }) => queue.reschedule(trx, first!, clock.now() + 500)),
    ).toBe(true);
    // Not due yet: the backlog goes on meanwhile.
    const next = await queue.claim('wrk_a', 100, LEASE_MS);
    expect(subjects(next)).toEqual(['sub_a_1']);
    await queue.complete(t.handle.db, next[0]!);
    clock.advance(500);
    expect(subjects(await queue.claim('wrk_a', 100, LEASE_MS))).toEqual(['sub_a_0']);
  });

  it("applies a queue's new allowance to the jobs it already has", async () => {
    await enqueue(fair('sub_a', 10, 1));
    await transact(t.handle.db, ({ trx }) => queue.setQueueLimit(trx, 'sub_a', 3));
    expect(await queue.claim('wrk_a', 100, LEASE_MS)).toHaveLength(3);
  });

  it('gives jobs back at once: their lease is cleared and another worker claims them', async () => {
    await enqueue(fair('sub_a', 3, 4));
    const claimed = await queue.claim('wrk_a', 100, LEASE_MS);
    expect(await queue.release('wrk_b', [claimed[0]!.id])).toBe(0);
    expect(await queue.release('wrk_a', [claimed[0]!.id, claimed[1]!.id])).toBe(2);
    expect(subjects(await queue.claim('wrk_b', 100, LEASE_MS))).toEqual(['sub_a_0', 'sub_a_1']);
    // The first owner's late finish loses.
    expect(await queue.complete(t.handle.db, claimed[0]!)).toBe(false);
  });

  it('undoes the claim of jobs given back unstarted (claimed as the worker stopped), and only theirs', async () => {
    await enqueue(fair('sub_u', 2, 4));
    const [first, second] = await queue.claim('wrk_a', 100, LEASE_MS);
    expect(await queue.release('wrk_a', [first!.id], { unclaim: true })).toBe(1);
    expect(await queue.release('wrk_a', [second!.id])).toBe(1);
    const claims = await t.handle.db
      .selectFrom('jobs')
      .select(['subject_id', 'claims', 'lease_owner'])
      .orderBy('subject_id')
      .execute();
    expect(claims).toEqual([
      { subject_id: 'sub_u_0', claims: 0, lease_owner: null },
      { subject_id: 'sub_u_1', claims: 1, lease_owner: null },
    ]);
  });

  it('never lets workers claiming at the same time exceed a queue’s allowance together', async () => {
    await enqueue([...fair('sub_a', 300, 3), ...fair('sub_b', 300, 5), ...fair('sub_c', 300, 1)]);
    const limits = new Map([
      ['sub_a', 3],
      ['sub_b', 5],
      ['sub_c', 1],
    ]);
    const owners = ['wrk_a', 'wrk_b', 'wrk_c', 'wrk_d'];
    const running: Job[] = [];
    let done = 0;
    for (;;) {
      const rounds = await Promise.all(owners.map((owner) => queue.claim(owner, 4, LEASE_MS)));
      running.push(...rounds.flat());
      const leases = await liveLeasesByQueue();
      for (const [name, limit] of limits) expect(leases.get(name) ?? 0).toBeLessThanOrEqual(limit);
      // Finish about half of what runs, so claims and finishes interleave.
      const finishing = running.splice(0, Math.ceil(running.length / 2));
      await Promise.all(finishing.map((job) => queue.complete(t.handle.db, job)));
      done += finishing.length;
      // Nothing claimed and nothing left to finish: every job has run.
      if (rounds.every((r) => r.length === 0) && finishing.length === 0) break;
    }
    expect(done).toBe(900);
  });
});
