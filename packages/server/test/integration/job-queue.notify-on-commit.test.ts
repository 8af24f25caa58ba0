import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { JOBS_CHANNEL } from '../../src/jobs/job-queue.js';
import { useJobQueue } from '../helpers/job-queue.js';

// Other processes' workers LISTEN for new jobs (PostgreSQL): the notification rides on the
// jobs' INSERT (db/dialect.ts `notice`), and must still come once the jobs are committed only.
describe('jobs announced to other processes on postgres', () => {
  const q = useJobQueue('postgres');
  let listener: pg.Client | undefined;
  afterEach(async () => {
    await listener?.end();
    listener = undefined;
  });

  const listen = async () => {
    listener = new pg.Client({ connectionString: q.t.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    return heard;
  };
  /** A round trip on the listening connection: notifications sent before it have arrived. */
  const settle = () => listener!.query('select 1');

  it('announces the jobs of a transaction once it commits, once for all of them', async () => {
    const heard = await listen();
    await q.enqueue([{ subjectId: 'msg_a' }, { subjectId: 'msg_b' }, { subjectId: 'msg_c' }]);
    await settle();
    expect(heard).toEqual([JOBS_CHANNEL]);
  });

  it('announces nothing when the transaction rolls back', async () => {
    const heard = await listen();
    const failing = transact(q.t.handle.db, async (tx) => {
      await q.queue.enqueue(tx, [
        { kind: 'webhook.attempt', subjectId: 'msg_rolled_back', runAt: q.clock.now() },
      ]);
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    await settle();
    expect(heard).toEqual([]);
  });
});
