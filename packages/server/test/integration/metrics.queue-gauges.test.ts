import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { JobsTable } from '../../src/jobs/jobs.table.js';
import { ManualClock } from '../../src/lib/clock.js';
import { metricValue, parseExposition, type Sample } from '../helpers/prometheus.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface LogLine {
  level: number;
  msg?: string;
}

const NOW = Date.UTC(2026, 0, 1, 12);

/** A job row with defaults: due now, never claimed. */
const job = (id: string, fields: Partial<Insertable<JobsTable>>): Insertable<JobsTable> => ({
  id,
  kind: 'webhook.attempt',
  queue: null,
  subject_id: `subject_${id}`,
  run_at: NOW,
  lease_owner: null,
  lease_expires_at: null,
  claims: 0,
  attempts: 0,
  last_error: null,
  failed_at: null,
  created_at: NOW - 120_000,
  ...fields,
});

// Issue 14 point 5: the queue as the scrape sees it, from the jobs table, cached, and a scrape
// that still answers when the database does not.
describe.each(ENGINES)('job queue gauges of GET /metrics on %s', (engine) => {
  const clock = new ManualClock(NOW);
  const raw: string[] = [];

  const t = useTestApp(engine, {
    clock,
    env: { COFRE_METRICS_CACHE_MS: '5000', COFRE_METRICS_OVERDUE_MS: '30000' },
    logger: { level: 'info', stream: { write: (line: string) => void raw.push(line) } },
  });

  beforeAll(async () => {
    await t.handle.db
      .insertInto('jobs')
      .values([
        job('job_due_recent', { run_at: NOW - 10_000 }),
        job('job_due_old', { run_at: NOW - 60_000 }),
        job('job_expired', {
          kind: 'sandbox.account.activate',
          run_at: NOW - 45_000,
          lease_owner: 'wrk_dead',
          lease_expires_at: NOW - 5_000,
          claims: 1,
        }),
        job('job_scheduled', { run_at: NOW + 60_000 }),
        job('job_leased', {
          run_at: NOW - 1_000,
          lease_owner: 'wrk_alive',
          lease_expires_at: NOW + 20_000,
          claims: 1,
        }),
        job('job_parked', { kind: 'operation.order.check', failed_at: NOW - 1_000, attempts: 10 }),
      ])
      .execute();
  });

  const scrape = async (): Promise<Sample[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return parseExposition(res.body);
  };
  const logLines = () => raw.map((line) => JSON.parse(line) as LogLine);

  it('counts jobs per kind and state, the overdue ones, the oldest due age and expired leases', async () => {
    const samples = await scrape();
    const jobs = (kind: string, state: string) =>
      metricValue(samples, 'cofre_jobs', { kind, state });
    expect(['due', 'scheduled', 'leased', 'parked'].map((s) => jobs('webhook.attempt', s))).toEqual(
      [2, 1, 1, 0],
    );
    expect(jobs('sandbox.account.activate', 'due')).toBe(1);
    expect(jobs('operation.order.check', 'parked')).toBe(1);
    expect(jobs('sandbox.deposit.pay', 'due')).toBe(0);
    const byKind = (name: string, kind: string) => metricValue(samples, name, { kind });
    expect(byKind('cofre_jobs_overdue', 'webhook.attempt')).toBe(1);
    expect(byKind('cofre_jobs_overdue', 'sandbox.account.activate')).toBe(1);
    expect(byKind('cofre_jobs_oldest_due_age_seconds', 'webhook.attempt')).toBe(60);
    expect(byKind('cofre_jobs_oldest_due_age_seconds', 'sandbox.account.activate')).toBe(45);
    expect(byKind('cofre_jobs_oldest_due_age_seconds', 'sandbox.deposit.pay')).toBe(0);
    expect(byKind('cofre_jobs_lease_expired', 'sandbox.account.activate')).toBe(1);
    expect(byKind('cofre_jobs_lease_expired', 'webhook.attempt')).toBe(0);
    expect(metricValue(samples, 'cofre_webhook_messages_pending')).toBe(4);
    expect(metricValue(samples, 'cofre_jobs_counts_truncated')).toBe(0);
  });

  it('reads the database at most once per COFRE_METRICS_CACHE_MS', async () => {
    await t.handle.db
      .insertInto('jobs')
      .values(job('job_new', { run_at: NOW }))
      .execute();
    const due = async () =>
      metricValue(await scrape(), 'cofre_jobs', { kind: 'webhook.attempt', state: 'due' });
    expect(await due()).toBe(2);
    clock.advance(4_999);
    expect(await due()).toBe(2);
    clock.advance(1);
    expect(await due()).toBe(3);
  });

  it('still answers when the jobs cannot be read, without them, and logs that once', async () => {
    await sql`ALTER TABLE jobs RENAME TO jobs_away`.execute(t.handle.db);
    try {
      for (let i = 0; i < 3; i++) {
        clock.advance(5_000);
        const samples = await scrape();
        expect(metricValue(samples, 'cofre_metrics_source_up', { source: 'database' })).toBe(0);
        expect(metricValue(samples, 'cofre_jobs')).toBeUndefined();
        expect(metricValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
        expect(
          metricValue(samples, 'cofre_metrics_source_errors_total', { source: 'database' }),
        ).toBe(i + 1);
      }
    } finally {
      await sql`ALTER TABLE jobs_away RENAME TO jobs`.execute(t.handle.db);
    }
    const samples = await scrape();
    expect(metricValue(samples, 'cofre_metrics_source_up', { source: 'database' })).toBe(1);
    expect(metricValue(samples, 'cofre_jobs', { kind: 'webhook.attempt', state: 'due' })).toBe(3);
    const messages = logLines()
      .map((line) => line.msg ?? '')
      .filter((msg) => msg.startsWith('metrics:'));
    expect(messages).toEqual([
      'metrics: could not read the job counts; scrapes report without them until it works again',
      'metrics: the job counts can be read again',
    ]);
  });
});
