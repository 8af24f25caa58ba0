import { sql, type Expression } from 'kysely';
import type { Trx } from '../db/transact.js';
import { JOB_PRIORITY, type Job } from './jobs.table.js';
import { otherHeadsQuery } from './other-heads.js';
import type { ClaimRequest } from './claim-heads.js';

/** A fair queue this transaction may serve (its advisory lock is ours), with its allowance. */
export interface FairQueue {
  queue: string;
  queue_limit: number;
}

/** A claimed job, and whether an earlier lease on it had run out (its owner died or stalled). */
export interface ClaimedJob {
  job: Job;
  leaseRanOut: boolean;
}

/** The two seeks of one fair queue (retries, first runs), `room` rows each at most. */
const seeksOf = (room: Expression<number>, now: number) =>
  [JOB_PRIORITY.again, JOB_PRIORITY.first].map(
    (priority) => sql`select * from (
      select j.id, j.queue, j.priority, j.run_at, j.lease_owner from jobs j
      where j.queue = r.queue and j.priority = ${priority}
        and j.queue_limit is not null and j.failed_at is null and j.run_at <= ${now}
        and (j.lease_expires_at is null or j.lease_expires_at < ${now})
      order by j.run_at, j.id limit ${room}) as s`,
  );

/**
 * The claim of claim-heads.ts after its fair queues are locked, as ONE statement (where every
 * statement is a round trip: PostgreSQL): each locked queue's jobs in flight (live leases), its
 * room (allowance minus those, at most `limit`), its first `room` heads (retries, then first
 * runs, in due order), the due heads outside fair queues, the first `limit` of them all in claim
 * order, those still claimable locked with FOR UPDATE SKIP LOCKED, and the UPDATE … RETURNING
 * of their leases. Same rows as the step-by-step path: the statement runs after the one that
 * took the queues' advisory locks, so its snapshot sees every claim committed before on them.
 */
export async function claimLockedHeads(
  trx: Trx,
  fair: readonly FairQueue[],
  { owner, limit, leaseMs, now }: ClaimRequest,
): Promise<ClaimedJob[]> {
  const seeks = seeksOf(sql.ref<number>('r.room'), now);
  const { rows } = await sql<Job & { lease_ran_out: boolean }>`
    with locked_queues(queue, queue_limit) as (
      select * from unnest(${fair.map((q) => q.queue)}::text[], ${fair.map((q) => q.queue_limit)}::int[])
    ),
    running as (
      select queue, count(*) as n from jobs
      where lease_expires_at >= ${now} and queue_limit is not null
        and queue in (select queue from locked_queues)
      group by queue
    ),
    rooms as (
      select l.queue, least(${limit}::int, l.queue_limit - coalesce(running.n, 0))::int as room
      from locked_queues l left join running on running.queue = l.queue
    ),
    fair_heads as (
      select h.*, r.room,
        row_number() over (partition by h.queue order by h.priority, h.run_at, h.id) as nth
      from rooms r
      cross join lateral (${sql.join(seeks, sql` union all `)}) as h
      where r.room > 0
    ),
    other_heads as (
      ${otherHeadsQuery({ limit, now })}
    ),
    picked as (
      select id, priority, run_at, lease_owner from (
        select id, priority, run_at, lease_owner from fair_heads where nth <= room
        union all
        select id, priority, run_at, lease_owner from other_heads
      ) as c
      order by priority, run_at, id
      limit ${limit}
    ),
    claimable as (
      select j.id from jobs j
      where j.id in (select id from picked)
        and j.run_at <= ${now} and j.failed_at is null
        and (j.lease_expires_at is null or j.lease_expires_at < ${now})
      for update of j skip locked
    )
    update jobs set lease_owner = ${owner}, lease_expires_at = ${now + leaseMs},
      claims = jobs.claims + 1
    from picked p
    where jobs.id = p.id and jobs.id in (select id from claimable)
    returning jobs.*, p.lease_owner is not null as lease_ran_out`.execute(trx);
  return rows.map(({ lease_ran_out, ...job }) => ({ job, leaseRanOut: lease_ran_out }));
}
