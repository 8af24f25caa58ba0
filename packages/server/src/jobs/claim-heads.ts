import { sql, type Expression } from 'kysely';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { Trx } from '../db/transact.js';
import { jobLeaseExpiries } from '../observability/metrics.js';
import { JOB_PRIORITY, type Job } from './jobs.table.js';
import { otherHeadsQuery } from './other-heads.js';
import {
  claimLockedHeads,
  type ClaimedJob,
  type FairQueue,
} from './claim-heads-in-one-statement.js';

export interface ClaimRequest {
  owner: string;
  limit: number;
  leaseMs: number;
  now: number;
}

interface Candidate {
  id: string;
  queue: string | null;
  priority: number;
  run_at: number;
  /** Set when an earlier lease on the job ran out unfinished (its owner died or stalled). */
  lease_owner: string | null;
}

/** Claim order: due retries of fair queues first, then everything in due order. */
const byClaimOrder = (a: Candidate, b: Candidate): number =>
  a.priority - b.priority || a.run_at - b.run_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** How many per-queue seeks go into one statement (bound parameters stay far below limits). */
const SEEKS_PER_STATEMENT = 200;

/**
 * Claims up to `limit` jobs, taking only the heads of each queue (docs/webhooks.md "Isolation"):
 *
 * - a fair queue (a subscription: `queue_limit` set) gives at most its allowance minus the jobs
 *   it has in flight, across every worker — due retries first, then first runs, each in due
 *   order — so its backlog holds no worker slot and is never walked;
 * - a one-at-a-time queue (an operation's steps) gives its first job, only while none of its
 *   jobs is running, so its steps run one after another in due order;
 * - a job without a queue is taken in due order.
 *
 * One transaction. On PostgreSQL the claimer first takes an advisory lock on each fair queue it
 * will serve, skipping queues another worker is claiming from right now; the statement after
 * that sees every claim committed before, so two workers never both fill the same allowance.
 * Each row is then taken with FOR UPDATE SKIP LOCKED and its claimability re-checked, so a head
 * another worker took in the meantime is skipped, never run twice. SQLite has one writer.
 *
 * Where every statement is a round trip (PostgreSQL), the claim after the locks is one statement
 * (claim-heads-in-one-statement.ts): four round trips a claim (BEGIN, locks, claim, COMMIT)
 * instead of seven. The locks cannot join that statement: a statement reads one snapshot, taken
 * before it runs, so a claim another worker committed between that snapshot and our lock would
 * be missed and the queue's allowance could be exceeded. SQLite runs the steps in the process.
 */
export async function claimHeads(db: Db, dialect: Dialect, request: ClaimRequest): Promise<Job[]> {
  if (request.limit <= 0) return [];
  const claimed = await db.transaction().execute(async (trx) => {
    const fair = await fairQueuesToServe(trx, dialect);
    return dialect.statementIsARoundTrip && dialect.lateralJoins
      ? claimLockedHeads(trx, fair, request)
      : claimStepByStep(trx, dialect, fair, request);
  });
  for (const { job, leaseRanOut } of claimed)
    if (leaseRanOut) jobLeaseExpiries.inc({ kind: job.kind });
  // UPDATE … RETURNING does not keep the candidates' order.
  return claimed
    .map((c) => c.job)
    .sort((a, b) => a.run_at - b.run_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The claim after the locks, one read at a time (SQLite, where a statement is a call). */
async function claimStepByStep(
  trx: Trx,
  dialect: Dialect,
  fair: FairQueue[],
  request: ClaimRequest,
): Promise<ClaimedJob[]> {
  const candidates = [
    ...(fair.length > 0 ? await fairHeads(trx, fair, request) : []),
    ...(await otherHeads(trx, request)),
  ];
  if (candidates.length === 0) return [];
  candidates.sort(byClaimOrder);
  const picked = candidates.slice(0, request.limit).map((c) => c.id);
  const { owner, leaseMs, now } = request;
  const claimed = await trx
    .updateTable('jobs')
    .set((eb) => ({
      lease_owner: owner,
      lease_expires_at: now + leaseMs,
      claims: eb('claims', '+', 1),
    }))
    .where(
      'id',
      'in',
      dialect.forUpdateSkipLocked(
        trx
          .selectFrom('jobs')
          .select('id')
          .where('id', 'in', picked)
          .where('run_at', '<=', now)
          .where('failed_at', 'is', null)
          .where((eb) =>
            eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
          ),
      ),
    )
    .returningAll()
    .execute();
  // RETURNING shows the new owner: whether a lease had run out is known from the candidates.
  const expired = new Set(candidates.filter((c) => c.lease_owner !== null).map((c) => c.id));
  return claimed.map((job) => ({ job, leaseRanOut: expired.has(job.id) }));
}

/**
 * Every fair queue that has jobs, found by skipping from one queue to the next in the
 * `jobs_fair_heads` index (one seek per queue, whatever its backlog), with its allowance; on
 * PostgreSQL only those this transaction could lock.
 */
async function fairQueuesToServe(trx: Trx, dialect: Dialect): Promise<FairQueue[]> {
  const lock = dialect.tryLockUntilCommit(sql.ref<string>('fair.queue'));
  const { rows } = await sql<{ queue: string; queue_limit: number }>`
    with recursive fair(queue) as (
      select min(queue) from jobs where queue_limit is not null and failed_at is null
      union all
      select (select min(j.queue) from jobs j
              where j.queue_limit is not null and j.failed_at is null and j.queue > fair.queue)
      from fair where fair.queue is not null
    )
    select fair.queue as queue,
           (select j.queue_limit from jobs j
            where j.queue = fair.queue and j.queue_limit is not null and j.failed_at is null
            limit 1) as queue_limit
    from fair
    where fair.queue is not null and ${lock}`.execute(trx);
  return rows.map((row) => ({ queue: row.queue, queue_limit: Number(row.queue_limit) }));
}

/** Each fair queue's first `room` due, unleased jobs: retries, then first runs, in due order. */
async function fairHeads(
  trx: Trx,
  fair: FairQueue[],
  { limit, now }: ClaimRequest,
): Promise<Candidate[]> {
  // Live leases only: a lease that ran out frees its place (its job is claimable again).
  const running = await trx
    .selectFrom('jobs')
    .select(['queue', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('lease_expires_at', '>=', now)
    .where('queue_limit', 'is not', null)
    .groupBy('queue')
    .execute();
  const inFlight = new Map(running.map((row) => [row.queue, Number(row.n)]));
  const rooms = new Map<string, number>();
  for (const { queue, queue_limit } of fair) {
    const room = Math.min(limit, queue_limit - (inFlight.get(queue) ?? 0));
    if (room > 0) rooms.set(queue, room);
  }
  if (rooms.size === 0) return [];
  const heads = await headsByUnion(trx, rooms, now);
  // Each queue read up to `room` retries and `room` first runs: keep its first `room`.
  heads.sort(byClaimOrder);
  const taken = new Map<string, number>();
  return heads.filter((head) => {
    const queue = head.queue ?? '';
    const n = taken.get(queue) ?? 0;
    if (n >= (rooms.get(queue) ?? 0)) return false;
    taken.set(queue, n + 1);
    return true;
  });
}

/** The two seeks of one queue (retries, first runs), `room` rows each at most. */
const seeksOf = (queue: Expression<string>, room: Expression<number>, now: number) =>
  [JOB_PRIORITY.again, JOB_PRIORITY.first].map(
    (priority) => sql`select * from (
      select id, queue, priority, run_at, lease_owner from jobs
      where queue = ${queue} and priority = ${priority}
        and queue_limit is not null and failed_at is null and run_at <= ${now}
        and (lease_expires_at is null or lease_expires_at < ${now})
      order by run_at, id limit ${room}) as s`,
  );

/** SQLite: the seeks of every queue as one compound statement (in chunks). */
async function headsByUnion(
  trx: Trx,
  rooms: Map<string, number>,
  now: number,
): Promise<Candidate[]> {
  const seeks = [...rooms].flatMap(([queue, room]) => seeksOf(sql.val(queue), sql.val(room), now));
  const heads: Candidate[] = [];
  for (let i = 0; i < seeks.length; i += SEEKS_PER_STATEMENT) {
    const batch = seeks.slice(i, i + SEEKS_PER_STATEMENT);
    const { rows } = await sql<Candidate>`${sql.join(batch, sql` union all `)}`.execute(trx);
    heads.push(...rows.map(toCandidate));
  }
  return heads;
}

const toCandidate = (row: Candidate): Candidate => ({
  id: row.id,
  queue: row.queue,
  priority: Number(row.priority),
  run_at: Number(row.run_at),
  lease_owner: row.lease_owner ?? null,
});

/**
 * Due jobs outside fair queues, in due order; of a one-at-a-time queue only its first job, and
 * only while none of its jobs is running.
 */
async function otherHeads(trx: Trx, { limit, now }: ClaimRequest): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`${otherHeadsQuery({ limit, now })}`.execute(trx);
  return rows.map(toCandidate);
}
