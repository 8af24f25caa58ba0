import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
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

type Row = { kind: JobKind; n: number | string | null } & Record<
  string,
  number | string | null | undefined
>;
/** The columns the bounded reads return, for the CASE expressions over them. */
interface Counted {
  kind: JobKind;
  run_at: number;
  lease_expires_at: number | null;
  failed_at: number | null;
}
type Condition = (eb: ExpressionBuilder<{ d: Counted }, 'd'>) => Expression<SqlBool>;

/** Reads at most `cap` rows of `query` (the metrics scrape); all of them without a cap (the CLI). */
const bounded = <Q extends { limit(n: number): Q }>(query: Q, cap: number | undefined): Q =>
  cap === undefined ? query : query.limit(cap);

const counted = (db: Db) =>
  db.selectFrom('jobs').select(['kind', 'run_at', 'lease_expires_at', 'failed_at']);

/**
 * Parked rows are told apart after the bounded read, not in its WHERE: with `failed_at IS NULL`
 * (true of nearly every row) there, SQLite walks `jobs_failed` and sorts the whole table
 * instead of walking the range index of the ORDER BY column.
 */
const notLeased = (db: Db, now: number) =>
  counted(db).where((eb) =>
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
  );

/**
 * `then` for a row that is not parked (and meets `extra`): parked rows are read (they count
 * against `cap`) but not counted, and `scanned` says whether the bounded read was full.
 */
const unparked = <T>(eb: ExpressionBuilder<{ d: Counted }, 'd'>, then: T, extra?: Condition) =>
  eb
    .case()
    .when(
      extra ? eb.and([eb('d.failed_at', 'is', null), extra(eb)]) : eb('d.failed_at', 'is', null),
    )
    .then(then)
    .end();

interface StatsQuery {
  now: number;
  overdueMs: number;
  cap?: number;
}

async function dueRows(db: Db, { now, overdueMs, cap }: StatsQuery): Promise<Row[]> {
  return (await db
    .selectFrom(
      bounded(notLeased(db, now).where('run_at', '<=', now).orderBy('run_at'), cap).as('d'),
    )
    .select((eb) => [
      'd.kind',
      eb.fn.countAll<number | string>().as('scanned'),
      eb.fn.sum(unparked(eb, 1)).as('n'),
      eb.fn.min(unparked(eb, eb.ref('d.run_at'))).as('oldest'),
      eb.fn.sum(unparked(eb, 1, (e) => e('d.run_at', '<', now - overdueMs))).as('overdue'),
      eb.fn.sum(unparked(eb, 1, (e) => e('d.lease_expires_at', 'is not', null))).as('expired'),
    ])
    .groupBy('d.kind')
    .execute()) as Row[];
}

async function scheduledRows(db: Db, { now, cap }: StatsQuery): Promise<Row[]> {
  return (await db
    .selectFrom(
      bounded(notLeased(db, now).where('run_at', '>', now).orderBy('run_at'), cap).as('d'),
    )
    .select((eb) => [
      'd.kind',
      eb.fn.countAll<number | string>().as('scanned'),
      eb.fn.sum(unparked(eb, 1)).as('n'),
    ])
    .groupBy('d.kind')
    .execute()) as Row[];
}

/** Parking a job releases its lease (job-queue.ts `fail`): a live lease is never parked. */
async function leasedRows(db: Db, { now, cap }: StatsQuery): Promise<Row[]> {
  const leased = counted(db).where('lease_expires_at', '>=', now).orderBy('lease_expires_at');
  return await db
    .selectFrom(bounded(leased, cap).as('d'))
    .select((eb) => ['d.kind', eb.fn.countAll<number | string>().as('n')])
    .groupBy('d.kind')
    .execute();
}

async function parkedRows(db: Db, { cap }: StatsQuery): Promise<Row[]> {
  const parked = counted(db).where('failed_at', 'is not', null).orderBy('failed_at');
  return await db
    .selectFrom(bounded(parked, cap).as('d'))
    .select((eb) => ['d.kind', eb.fn.countAll<number | string>().as('n')])
    .groupBy('d.kind')
    .execute();
}

/** A kind with no job in any state: the start of every count, and of a total over kinds. */
export const emptyKindStats = (): KindStats => ({
  due: 0,
  overdue: 0,
  leaseExpired: 0,
  oldestDueAt: undefined,
  scheduled: 0,
  leased: 0,
  parked: 0,
});

/**
 * Four grouped counts, each walking one index (due: `jobs_due`, leased: `jobs_lease`, parked:
 * `jobs_failed`). With `cap` (the metrics scrape) each reads at most that many rows, so a
 * backlog of millions cannot make a scrape expensive; without it (the CLI) counts are exact.
 */
export async function jobStats(db: Db, options: StatsQuery): Promise<JobStats> {
  const { cap } = options;
  const byKind = Object.fromEntries(JOB_KINDS.map((kind) => [kind, emptyKindStats()])) as Record<
    JobKind,
    KindStats
  >;
  let truncated = false;
  const add = (rows: Row[], set: (stats: KindStats, row: Row, n: number) => void) => {
    let total = 0;
    for (const row of rows) {
      const n = Number(row.n ?? 0);
      total += Number(row.scanned ?? n);
      // A kind this build does not know (a newer process queued it) is not counted by kind.
      if (row.kind in byKind) set(byKind[row.kind], row, n);
    }
    if (cap !== undefined && total >= cap) truncated = true;
  };
  add(await dueRows(db, options), (stats, row, n) => {
    stats.due = n;
    stats.overdue = Number(row.overdue ?? 0);
    stats.leaseExpired = Number(row.expired ?? 0);
    stats.oldestDueAt = row.oldest == null ? undefined : Number(row.oldest);
  });
  add(await scheduledRows(db, options), (stats, _row, n) => (stats.scheduled = n));
  add(await leasedRows(db, options), (stats, _row, n) => (stats.leased = n));
  add(await parkedRows(db, options), (stats, _row, n) => (stats.parked = n));
  return { byKind, truncated };
}
