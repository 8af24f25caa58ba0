import { sql, type RawBuilder } from 'kysely';
import { JOB_PRIORITY } from './jobs.table.js';

/**
 * The rule for due jobs outside fair queues, written once for both claims (claim-heads.ts step by
 * step, claim-heads-in-one-statement.ts as a CTE): in due order, of a one-at-a-time queue only its
 * first job, and only while none of its jobs is running.
 */
export function otherHeadsQuery({
  limit,
  now,
}: {
  limit: number;
  now: number;
}): RawBuilder<unknown> {
  return sql`
    select j.id, j.queue, cast(${sql.lit(JOB_PRIORITY.first)} as integer) as priority, j.run_at,
      j.lease_owner
    from jobs j
    where j.queue_limit is null and j.failed_at is null and j.run_at <= ${now}
      and (j.lease_expires_at is null or j.lease_expires_at < ${now})
      and (j.queue is null or not exists (
        select 1 from jobs o
        where o.queue = j.queue and o.queue_limit is null and o.id <> j.id
          and o.failed_at is null
          and (o.run_at < j.run_at or (o.run_at = j.run_at and o.id < j.id)
               or o.lease_expires_at >= ${now})))
    order by j.run_at, j.id
    limit ${limit}`;
}
