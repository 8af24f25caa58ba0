import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

type JobKind = 'webhook.attempt' | 'sandbox.account.activate' | 'operation.order.check';

interface Figures {
  due: number;
  overdue: number;
  leaseExpired: number;
  scheduled: number;
  leased: number;
  parked: number;
  oldestDueAgeSeconds: number | null;
}

// Issue 14 point 5: 30,000 queued jobs looked like 1,000 in `jobs list`, and nothing counted
// them by kind or state.
describe.each(ENGINES)('cofre jobs stats and a truncated jobs list on %s', (engine) => {
  let t: TestApp;
  let env: Record<string, string>;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(engine);
    env = { COFRE_DATABASE_URL: t.database.url, COFRE_LOG_LEVEL: 'silent' };
    const row = (id: string, kind: JobKind, fields: Record<string, unknown> = {}) => ({
      id,
      kind,
      queue: null,
      subject_id: `subject_${id}`,
      run_at: now - 1_000,
      lease_owner: null,
      lease_expires_at: null,
      claims: 0,
      attempts: 0,
      last_error: null,
      failed_at: null,
      created_at: now - 600_000,
      ...fields,
    });
    await t.handle.db
      .insertInto('jobs')
      .values([
        // 12 deliveries of one subscription due now, one due for 10 minutes (overdue).
        ...Array.from({ length: 12 }, (_, i) =>
          row(`job_w${String(i).padStart(2, '0')}`, 'webhook.attempt', { queue: 'sub_busy' }),
        ),
        row('job_w_old', 'webhook.attempt', { queue: 'sub_busy', run_at: now - 600_000 }),
        row('job_w_later', 'webhook.attempt', { queue: 'sub_quiet', run_at: now + 3_600_000 }),
        row('job_w_leased', 'webhook.attempt', {
          queue: 'sub_quiet',
          lease_owner: 'wrk_a',
          lease_expires_at: now + 3_600_000,
          claims: 1,
        }),
        row('job_a_expired', 'sandbox.account.activate', {
          lease_owner: 'wrk_dead',
          lease_expires_at: now - 60_000,
          claims: 1,
        }),
        row('job_o_parked', 'operation.order.check', { failed_at: now - 5_000, attempts: 10 }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('counts every job by kind and state, with the oldest due and the busiest queues', async () => {
    const run = await cofre(['jobs', 'stats', '--json'], env);
    expect(run.code, run.err.join('\n')).toBe(0);
    const report = JSON.parse(run.out[0]!) as {
      overdueAfterSeconds: number;
      kinds: Record<string, Figures>;
      total: Figures;
      busiestQueues: { queue: string; jobs: number }[];
    };
    expect(report.overdueAfterSeconds).toBe(30);
    expect(Object.keys(report.kinds).sort()).toEqual([
      'operation.order.check',
      'sandbox.account.activate',
      'webhook.attempt',
    ]);
    expect(report.kinds['webhook.attempt']).toMatchObject({
      due: 13,
      overdue: 1,
      leaseExpired: 0,
      scheduled: 1,
      leased: 1,
      parked: 0,
    });
    expect(report.kinds['webhook.attempt']!.oldestDueAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(report.kinds['sandbox.account.activate']).toMatchObject({ due: 1, leaseExpired: 1 });
    expect(report.kinds['operation.order.check']).toMatchObject({ due: 0, parked: 1 });
    expect(report.total).toMatchObject({
      due: 14,
      overdue: 1,
      scheduled: 1,
      leased: 1,
      parked: 1,
    });
    expect(report.busiestQueues).toEqual([
      { queue: 'sub_busy', jobs: 13 },
      { queue: 'sub_quiet', jobs: 2 },
    ]);

    const text = await cofre(['jobs', 'stats'], env);
    expect(text.code).toBe(0);
    expect(text.out[0]).toMatch(/^kind +due +overdue +scheduled +leased +parked +oldest due$/);
    expect(text.out.find((line) => line.startsWith('webhook.attempt'))).toMatch(
      /^webhook\.attempt +13 +1 +1 +1 +0 +\d+\.\d s$/,
    );
    expect(text.out.find((line) => line.startsWith('total'))).toMatch(/^total +14 +1 +1 +1 +1 /);
    expect(text.out).toContain('  sub_busy  13');
  });

  it('says when a list stops at its limit, and how many there are', async () => {
    const text = await cofre(['jobs', 'list', '--limit', '5'], env);
    expect(text.code).toBe(0);
    expect(text.out).toHaveLength(6);
    expect(text.out[5]).toBe(
      'showing 5 of 17 jobs; narrow with --kind or --queue, or raise --limit (up to 1000); `cofre jobs stats` counts them all',
    );

    const json = await cofre(['jobs', 'list', '--limit', '5', '--json'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out[0]!)).toHaveLength(5);
    expect(json.err).toEqual([expect.stringMatching(/^showing 5 of 17 jobs;/)]);

    const whole = await cofre(['jobs', 'list', '--limit', '17'], env);
    expect(whole.out).toHaveLength(17);
    expect(whole.out.some((line) => line.startsWith('showing'))).toBe(false);
  });

  it('filters the list by kind and by queue, and refuses an unknown kind', async () => {
    const ids = async (...args: string[]) => {
      const run = await cofre(['jobs', 'list', ...args, '--json'], env);
      expect(run.code, run.err.join('\n')).toBe(0);
      return (JSON.parse(run.out[0]!) as { id: string }[]).map((job) => job.id);
    };
    expect(await ids('--kind', 'sandbox.account.activate')).toEqual(['job_a_expired']);
    expect((await ids('--queue', 'sub_quiet')).sort()).toEqual(['job_w_later', 'job_w_leased']);
    expect(await ids('--kind', 'operation.order.check', '--failed')).toEqual(['job_o_parked']);
    const bad = await cofre(['jobs', 'list', '--kind', 'webhook.nope'], env);
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/^cofre: --kind must be one of webhook\.attempt, /);
  });
});
