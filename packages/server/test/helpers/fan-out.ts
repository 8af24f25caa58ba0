import type { Db } from '../../src/db/database.js';
import { transact } from '../../src/db/transact.js';
import { countBy, reserveSequences } from '../../src/webhooks/events/message-sequences.js';
import { dialectFor } from '../../src/db/dialect.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { expandEvent, FANOUT_KIND, findFanOutEvent } from '../../src/webhooks/events/fan-out.js';
import type { TestApp } from './test-app.js';

/**
 * Runs every queued `webhook.fanout` job the way the worker's handler does (finish the job and
 * expand its event in one transaction), and nothing else: for a test without a worker that reads
 * an event's messages but must not run the other jobs (a production app's lifecycle steps).
 * Returns how many events were expanded.
 */
export async function expandQueuedEvents(t: TestApp): Promise<number> {
  const { db, engine } = t.handle;
  const queue = new JobQueue(db, dialectFor(engine), t.clock, new JobSignal());
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'subject_id'])
    .where('kind', '=', FANOUT_KIND)
    .orderBy('run_at')
    .orderBy('id')
    .execute();
  for (const job of jobs) {
    await transact(db, async (tx) => {
      await tx.trx.deleteFrom('jobs').where('id', '=', job.id).execute();
      const event = await findFanOutEvent(tx.trx, job.subject_id);
      if (event) await expandEvent(tx, queue, event);
    });
  }
  return jobs.length;
}

/**
 * Rows a test inserts into `messages` itself (many at once, without events to expand), numbered
 * the way the fan-out numbers them: each subscription's next sequence numbers, taken from its
 * counter, so a message the fan-out writes later continues after them.
 */
export async function numbered<Row extends { subscription_id: string }>(
  db: Db,
  rows: readonly Row[],
): Promise<(Row & { sequence: number })[]> {
  return transact(db, async ({ trx }) => {
    const next = await reserveSequences(trx, countBy(rows.map((r) => r.subscription_id)));
    return rows.map((row) => {
      const sequence = next.get(row.subscription_id)!;
      next.set(row.subscription_id, sequence + 1);
      return { ...row, sequence };
    });
  });
}
