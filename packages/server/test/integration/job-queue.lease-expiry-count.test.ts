import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import type { JobKind } from '../../src/jobs/jobs.table.js';
import { jobLeaseExpiries } from '../../src/observability/metrics.js';
import { ENGINES } from '../helpers/test-db.js';
import { useJobQueue } from '../helpers/job-queue.js';

const LEASE_MS = 1_000;

/** The counter's value for one kind (the registry is per process, so tests read differences). */
async function expiries(kind: JobKind): Promise<number> {
  const { values } = await jobLeaseExpiries.get();
  return values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

// Issue 14 point 5: "lease expiries" — a job taken over after its worker's lease ran out is
// counted once, by kind; a fresh claim or a job handed back properly is not.
describe.each(ENGINES)('lease expiries counted at claim on %s', (engine) => {
  const { t, clock, queue, enqueue: enqueueAll } = useJobQueue(engine);

  const enqueue = (kind: JobKind, subjectId: string, queueName: string | null = null) =>
    enqueueAll([
      {
        kind,
        subjectId,
        queue: queueName,
        ...(kind === 'webhook.attempt' ? { queueLimit: 4 } : {}),
      },
    ]);

  it('counts a job claimed again after its lease ran out, once, under its kind', async () => {
    await enqueue('sandbox.account.activate', 'acc_1');
    const before = await expiries('sandbox.account.activate');
    expect(await queue.claim('wrk_dead', 10, LEASE_MS)).toHaveLength(1);
    expect(await expiries('sandbox.account.activate')).toBe(before);

    clock.advance(LEASE_MS + 1);
    const taken = await queue.claim('wrk_alive', 10, LEASE_MS);
    expect(taken.map((j) => j.lease_owner)).toEqual(['wrk_alive']);
    expect(await expiries('sandbox.account.activate')).toBe(before + 1);
  });

  it('counts expired leases of fair (subscription) queues too', async () => {
    await enqueue('webhook.attempt', 'msg_1', 'sub_1');
    const before = await expiries('webhook.attempt');
    await queue.claim('wrk_dead', 10, LEASE_MS);
    clock.advance(LEASE_MS + 1);
    expect(await queue.claim('wrk_alive', 10, LEASE_MS)).toHaveLength(1);
    expect(await expiries('webhook.attempt')).toBe(before + 1);
  });

  it('does not count a job that was handed back (rescheduled) before its lease ran out', async () => {
    await enqueue('sandbox.instruction.review', 'pin_1');
    const before = await expiries('sandbox.instruction.review');
    const [job] = await queue.claim('wrk_a', 10, LEASE_MS);
    expect(await transact(t.handle.db, ({ trx }) => queue.reschedule(trx, job!, clock.now()))).toBe(
      true,
    );
    clock.advance(LEASE_MS + 1);
    expect(await queue.claim('wrk_b', 10, LEASE_MS)).toHaveLength(1);
    expect(await expiries('sandbox.instruction.review')).toBe(before);
  });
});
