import type { Db } from '../../../db/database.js';
import { emptyKindStats, JOB_KINDS, jobStats, type KindStats } from '../../../jobs/index.js';
import { toIso, type Clock } from '../../../lib/clock.js';
import type { JobHealth } from './jobs.schemas.js';

/**
 * Rows each count reads at most: the metrics scrape's bound (observability/metrics-scrape.ts),
 * so a console left open on the health page costs what a scrape does, whatever the backlog.
 */
export const JOB_HEALTH_ROW_CAP = 10_000;

type Counts = Omit<JobHealth['total'], 'oldestDueAt'> & { oldestDueAt: number | undefined };

/** Job counts by kind and state, totals, and webhook delivery at a glance (jobs/job-stats.ts). */
export async function jobHealth(
  db: Db,
  options: { now: number; overdueMs: number },
): Promise<JobHealth> {
  const stats = await jobStats(db, { ...options, cap: JOB_HEALTH_ROW_CAP });
  const total: Counts = emptyKindStats();
  for (const kind of JOB_KINDS) {
    const s = stats.byKind[kind];
    total.due += s.due;
    total.overdue += s.overdue;
    total.leaseExpired += s.leaseExpired;
    total.scheduled += s.scheduled;
    total.leased += s.leased;
    total.parked += s.parked;
    if (s.oldestDueAt !== undefined && (total.oldestDueAt ?? Infinity) > s.oldestDueAt)
      total.oldestDueAt = s.oldestDueAt;
  }
  const attempts = stats.byKind['webhook.attempt'];
  return {
    overdueAfterSeconds: options.overdueMs / 1000,
    truncated: stats.truncated,
    kinds: JOB_KINDS.map((kind) => ({ kind, ...view(stats.byKind[kind]) })),
    total: view(total),
    deliveries: {
      pendingMessages: attempts.due + attempts.scheduled + attempts.leased,
      overdueAttempts: attempts.overdue,
      oldestDueAt: instant(attempts.oldestDueAt),
      parkedAttempts: attempts.parked,
      parkedResends: stats.byKind['webhook.resend'].parked,
    },
  };
}

const instant = (ms: number | undefined) => (ms === undefined ? null : toIso(ms));
const view = ({ oldestDueAt, ...counts }: KindStats | Counts) => ({
  ...counts,
  oldestDueAt: instant(oldestDueAt),
});

/**
 * The job queue's health for the back-office (docs/admin.md "Jobs and deliveries"): what
 * `cofre jobs stats` prints and the `cofre_jobs*` metrics export (docs/metrics.md), read by the
 * same function, over HTTP for an operator without database access.
 */
export class JobsAdmin {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** COFRE_METRICS_OVERDUE_MS: when a due job counts as overdue. */
      overdueMs: number;
    },
  ) {}

  health(): Promise<JobHealth> {
    return jobHealth(this.deps.db, { now: this.deps.clock.now(), overdueMs: this.deps.overdueMs });
  }
}
