import { beforeAll, describe, expect, it } from 'vitest';
import { jobStats } from '../../src/jobs/job-stats.js';
import type { Insertable } from 'kysely';
import type { JobsTable } from '../../src/jobs/jobs.table.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const NOW = Date.UTC(2026, 0, 1, 12);

// Issue 14 point 5: what a scrape reads is bounded, however long the backlog, and says so.
describe.each(ENGINES)('bounded job counts on %s', (engine) => {
  const t = useTestApp(engine);

  beforeAll(async () => {
    const row = (
      i: number,
      fields: Partial<Insertable<JobsTable>> = {},
    ): Insertable<JobsTable> => ({
      id: `job_${i}`,
      kind: 'webhook.attempt',
      queue: null,
      subject_id: `msg_${i}`,
      run_at: NOW - 1_000 * i,
      lease_owner: null,
      lease_expires_at: null,
      claims: 0,
      attempts: 0,
      last_error: null,
      failed_at: null,
      created_at: NOW - 600_000,
      ...fields,
    });
    // Eight due jobs, the oldest 8 s old; the two oldest-but-one parked (read, never counted).
    await t.handle.db
      .insertInto('jobs')
      .values([
        ...[1, 2, 3, 4, 5, 8].map((i) => row(i)),
        row(6, { failed_at: NOW }),
        row(7, { failed_at: NOW }),
      ])
      .execute();
  });

  it('reads at most `cap` rows per state, oldest due first, and flags the counts as lower bounds', async () => {
    const capped = await jobStats(t.handle.db, { now: NOW, overdueMs: 0, cap: 4 });
    expect(capped.truncated).toBe(true);
    expect(capped.byKind['webhook.attempt']).toMatchObject({
      due: 2, // jobs 8 and 5; 7 and 6 are parked
      oldestDueAt: NOW - 8_000,
      parked: 2,
    });
    const exact = await jobStats(t.handle.db, { now: NOW, overdueMs: 0 });
    expect(exact.truncated).toBe(false);
    expect(exact.byKind['webhook.attempt']).toMatchObject({
      due: 6,
      overdue: 6,
      oldestDueAt: NOW - 8_000,
      parked: 2,
    });
    const roomy = await jobStats(t.handle.db, { now: NOW, overdueMs: 0, cap: 100 });
    expect(roomy).toEqual(exact);
  });
});
