import type { Db } from '../db/database.js';
import { JOB_KINDS, type JobKind } from './job-kinds.js';

/**
 * How many jobs of each kind are in each state, for `cofre jobs stats` and the metrics scrape.
 * The states partition the table:
 * - due: claimable now (due time reached, no live lease), including `leaseExpired` ones whose
 *   lease ran out before they finished (their worker died or ran over);
 * - scheduled: due later (a retry's delay, a lifecycle step's time, a backoff);
 * - leased: a worker holds them now;
 * - parked: failed their last allowed time, kept for an operator (`cofre jobs retry`).
 */
export interface KindStats {
  due: number;
  /** Due for longer than the `overdueMs` given: the workers are not keeping up. */
  overdue: number;
  /** Due again because a lease ran out unfinished. */
  leaseExpired: number;
  /** When the longest-waiting due job became due; undefined when none is due. */
  oldestDueAt: number | undefined;
  scheduled: number;
  leased: number;
  parked: number;
}

export interface JobStats {
  byKind: Record<JobKind, KindStats>;
  /**
   * True when a state had more rows than `cap` and its counts stopped there (lower bounds;
   * the oldest due job is still exact, since due rows are read oldest first).
   */
  truncated: boolean;
}

type Row = { kind: JobKind; n: number | string; oldest?: number | string | null } & Record<
  string,
  number | string | null | undefined
>;

/**
 * Four grouped counts, each walking one index (due: `jobs_due`, leased: `jobs_lease`, parked:
 * `jobs_failed`). With `cap` (the metrics scrape) each reads at most that many rows, so a
 * backlog of millions cannot make a scrape expensive; without it (the CLI) counts are exact.
 */
export async function jobStats(
  db: Db,
  options: { now: number; overdueMs: number; cap?: number },
): Promise<JobStats> {
  const { now, cap } = options;
  const empty = (): KindStats => ({
    due: 0,
    overdue: 0,
    leaseExpired: 0,
    oldestDueAt: undefined,
    scheduled: 0,
    leased: 0,
    parked: 0,
  });
  const byKind = Object.fromEntries(JOB_KINDS.map((kind) => [kind, empty()])) as Record<
    JobKind,
    KindStats
  >;
  let truncated = false;
  const bounded = <Q extends { limit(n: number): Q }>(query: Q): Q =>
    cap === undefined ? query : query.limit(cap);
  const jobs = () => db.selectFrom('jobs').select(['kind', 'run_at', 'lease_expires_at']);
  const notLeased = jobs()
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]));

  const due = (await db
    .selectFrom(bounded(notLeased.where('run_at', '<=', now).orderBy('run_at')).as('d'))
    .select((eb) => [
      'd.kind',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('d.run_at').as('oldest'),
      eb.fn
        .sum(
          eb
            .case()
            .when('d.run_at', '<', now - options.overdueMs)
            .then(1)
            .else(0)
            .end(),
        )
        .as('overdue'),
      eb.fn
        .sum(eb.case().when('d.lease_expires_at', 'is not', null).then(1).else(0).end())
        .as('expired'),
    ])
    .groupBy('d.kind')
    .execute()) as Row[];
  const scheduled = (await db
    .selectFrom(bounded(notLeased.where('run_at', '>', now).orderBy('run_at')).as('d'))
    .select((eb) => ['d.kind', eb.fn.countAll<number | string>().as('n')])
    .groupBy('d.kind')
    .execute()) as Row[];
  const leased = (await db
    .selectFrom(
      bounded(
        jobs()
          .where('lease_expires_at', '>=', now)
          .where('failed_at', 'is', null)
          .orderBy('lease_expires_at'),
      ).as('d'),
    )
    .select((eb) => ['d.kind', eb.fn.countAll<number | string>().as('n')])
    .groupBy('d.kind')
    .execute()) as Row[];
  const parked = (await db
    .selectFrom(bounded(jobs().where('failed_at', 'is not', null).orderBy('failed_at')).as('d'))
    .select((eb) => ['d.kind', eb.fn.countAll<number | string>().as('n')])
    .groupBy('d.kind')
    .execute()) as Row[];

  const add = (rows: Row[], set: (stats: KindStats, row: Row, n: number) => void) => {
    let total = 0;
    for (const row of rows) {
      const n = Number(row.n);
      total += n;
      // A kind this build does not know (a newer process queued it) is not counted by kind.
      if (row.kind in byKind) set(byKind[row.kind], row, n);
    }
    if (cap !== undefined && total >= cap) truncated = true;
  };
  add(due, (stats, row, n) => {
    stats.due = n;
    stats.overdue = Number(row.overdue ?? 0);
    stats.leaseExpired = Number(row.expired ?? 0);
    stats.oldestDueAt = row.oldest == null ? undefined : Number(row.oldest);
  });
  add(scheduled, (stats, _row, n) => (stats.scheduled = n));
  add(leased, (stats, _row, n) => (stats.leased = n));
  add(parked, (stats, _row, n) => (stats.parked = n));
  return { byKind, truncated };
}
