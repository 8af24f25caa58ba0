import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

interface ListedJob {
  id: string;
  kind: string;
  subjectId: string;
  state: string;
  attempts: number;
  lastError: string | null;
  failedAt: string | null;
}

// Issue 6 point 6: operators see parked jobs and put them back in the queue.
describe.each(ENGINES)('cofre jobs on %s', (engine) => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    env = { COFRE_DATABASE_URL: t.database.url, COFRE_LOG_LEVEL: 'silent' };
    const at = Date.UTC(2026, 0, 1);
    await t.handle.db
      .insertInto('jobs')
      .values([
        {
          id: 'job_parked',
          kind: 'sandbox.account.activate',
          queue: null,
          subject_id: 'acc_poison',
          run_at: at,
          lease_owner: null,
          lease_expires_at: null,
          claims: 10,
          attempts: 10,
          last_error: 'SyntaxError: Unexpected token',
          failed_at: at + 1_000,
          created_at: at,
        },
        {
          id: 'job_waiting',
          kind: 'webhook.attempt',
          queue: 'sub_1',
          subject_id: 'msg_1',
          run_at: Date.now() + 3_600_000,
          lease_owner: null,
          lease_expires_at: null,
          claims: 0,
          attempts: 0,
          last_error: null,
          failed_at: null,
          created_at: at,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const list = async (...args: string[]): Promise<ListedJob[]> => {
    const run = await cofre(['jobs', 'list', ...args, '--json'], env);
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out).toHaveLength(1);
    return JSON.parse(run.out[0]!) as ListedJob[];
  };

  it('lists only parked jobs with --failed, with their last error, as JSON or text', async () => {
    expect(await list('--failed')).toEqual([
      expect.objectContaining({
        id: 'job_parked',
        kind: 'sandbox.account.activate',
        subjectId: 'acc_poison',
        state: 'parked',
        attempts: 10,
        lastError: 'SyntaxError: Unexpected token',
        failedAt: '2026-01-01T00:00:01.000Z',
      }),
    ]);
    const text = await cofre(['jobs', 'list', '--failed'], env);
    expect(text.code).toBe(0);
    expect(text.out).toHaveLength(1);
    expect(text.out[0]).toContain('job_parked');
    expect(text.out[0]).toContain('last error: SyntaxError');
    expect((await list()).map((job) => [job.id, job.state])).toEqual([
      ['job_parked', 'parked'],
      ['job_waiting', 'waiting'],
    ]);
  });

  it('re-queues a parked job once, due now with a fresh budget, and refuses any other id', async () => {
    const retried = await cofre(['jobs', 'retry', 'job_parked'], env);
    expect(retried.code, retried.err.join('\n')).toBe(0);
    expect(retried.out).toEqual(['re-queued job_parked']);
    expect(await list('--failed')).toEqual([]);
    const row = await t.handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', 'job_parked')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failed_at: null, attempts: 0, lease_owner: null });
    expect(row.run_at).toBeLessThanOrEqual(Date.now());

    for (const id of ['job_parked', 'job_waiting', 'job_unknown']) {
      const again = await cofre(['jobs', 'retry', id], env);
      expect(again.code).toBe(1);
      expect(again.err).toEqual([`cofre: no parked job ${id} (see \`cofre jobs list --failed\`)`]);
    }
  });

  it('refuses a limit out of range', async () => {
    const run = await cofre(['jobs', 'list', '--limit', '0'], env);
    expect(run.code).toBe(2);
  });
});
