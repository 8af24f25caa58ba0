import type { Db } from '../../../db/database.js';
import { toIso } from '../../../lib/clock.js';
import { latestReconciliation, type Rail, type RailReconciliation } from '../../../rails/index.js';
import type { RailsHealth, RailView } from './rails.schemas.js';

/**
 * The rails' health and their newest reconciliations for the back-office (docs/admin.md
 * "Rails"): read from the database, so any API process answers, worker or not.
 */
export class RailsAdmin {
  constructor(private readonly deps: { db: Db; rails: readonly Rail[] }) {}

  async health(): Promise<RailsHealth> {
    const rails: RailView[] = [];
    for (const rail of this.deps.rails) {
      const health = await rail.health(this.deps.db);
      const last = await latestReconciliation(this.deps.db, rail.name);
      const { rail: name, headSeenAt, jobs, ...rest } = health;
      rails.push({
        name,
        ...rest,
        headSeenAt: headSeenAt === null ? null : toIso(headSeenAt),
        jobs: Object.fromEntries(
          Object.entries(jobs).map(([job, runs]) => [
            job,
            { ...runs, lastErrorAt: runs.lastErrorAt === null ? null : toIso(runs.lastErrorAt) },
          ]),
        ),
        reconciliation: last ? reconciliationView(last) : null,
      });
    }
    return { rails };
  }
}

function reconciliationView(report: RailReconciliation): RailView['reconciliation'] {
  return {
    id: report.id,
    at: toIso(report.at),
    outcome: report.outcome,
    reason: report.reason,
    block: report.block,
    assets: report.assets,
    ...(report.pix ? { pix: report.pix } : {}),
  };
}
