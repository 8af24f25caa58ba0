import { sql, type RawBuilder } from 'kysely';
import type { Insertable } from 'kysely';
import type { Trx } from '../../db/transact.js';
import { JOB_PRIORITY, type Job } from '../../jobs/index.js';
import type { ExecutionLogsTable } from '../execution-logs/execution-logs.table.js';
import {
  lockMessageStatuses,
  settleAttemptsTogether,
  type MessageSettlement,
} from '../messages/messages.repository.js';
import type { MessageStatus } from '../messages/messages.table.js';

/** One automatic attempt to settle, as data, so a group commit can settle many at once. */
export interface AttemptSettlementItem extends MessageSettlement {
  job: Pick<Job, 'id' | 'lease_owner'>;
  log: Insertable<ExecutionLogsTable>;
  /** Set for a retry: when the job runs again (unless the message is HELD by then). */
  retryAt: number | undefined;
  /** Written by the settlement: the job was still ours and the message moved (or was counted). */
  settled: boolean;
}

/**
 * A bound value with its SQL type, written the way both engines read it (PostgreSQL must know
 * the type of a parameter in VALUES; `::type` is PostgreSQL's alone).
 */
export const cast = (value: unknown, type: 'text' | 'bigint'): RawBuilder<unknown> =>
  sql`cast(${value} as ${sql.raw(type)})`;

/** Rows per multi-row statement: far below both engines' bound-parameter limits. */
const ROWS_PER_STATEMENT = 500;

const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT)
    out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
};

/**
 * Settles a group commit's attempts with one statement per kind of write (on PostgreSQL each
 * statement is a round trip; on SQLite each costs its query building), with the same result as
 * settling them one by one (delivery-handlers.ts, the path a failed batch's retries take):
 *
 * 1. every attempt's execution-log row (the attempt happened, whatever else is true);
 * 2. the messages' current status, row-locked (in id order) so a concurrent pause waits;
 * 3. the jobs finished (DELETE … RETURNING) and the retries put back (UPDATE … FROM VALUES),
 *    each conditional on still holding the lease; a retry of a message HELD meanwhile is
 *    finished instead (the resume queues it again);
 * 4. the messages whose job was still ours: SUCCEEDED / FAILED from PENDING or HELD, a retry
 *    only counted (status kept), in one UPDATE … FROM VALUES (messages.repository.ts, where
 *    every change of a message's status is made).
 */
export async function settleAttempts(trx: Trx, items: AttemptSettlementItem[]): Promise<void> {
  for (const item of items) item.settled = false;
  if (items.length === 0) return;
  for (const part of chunks(items)) {
    await trx
      .insertInto('execution_logs')
      .values(part.map((item) => item.log))
      .execute();
  }
  const current = new Map<string, MessageStatus>();
  const messageIds = [...new Set(items.map((item) => item.messageId))].sort();
  for (const part of chunks(messageIds)) {
    for (const row of await lockMessageStatuses(trx, part)) current.set(row.id, row.status);
  }
  const reschedule = items.filter(
    (item) => item.retryAt !== undefined && current.get(item.messageId) !== 'HELD',
  );
  const complete = items.filter((item) => !reschedule.includes(item));
  const ours = new Set<string>();
  for (const part of chunks(complete)) {
    const { rows } = await sql<{ id: string }>`
      delete from jobs
      where (id, lease_owner) in (values ${sql.join(
        part.map(
          (item) => sql`(${cast(item.job.id, 'text')}, ${cast(item.job.lease_owner, 'text')})`,
        ),
      )})
      returning id`.execute(trx);
    for (const row of rows) ours.add(row.id);
  }
  for (const part of chunks(reschedule)) {
    const { rows } = await sql<{ id: string }>`
      with v(id, lease_owner, run_at) as (values ${sql.join(
        part.map(
          (item) =>
            sql`(${cast(item.job.id, 'text')}, ${cast(item.job.lease_owner, 'text')}, ${cast(item.retryAt, 'bigint')})`,
        ),
      )})
      update jobs set run_at = v.run_at, lease_owner = null, lease_expires_at = null,
        priority = ${JOB_PRIORITY.again}
      from v
      where jobs.id = v.id and jobs.lease_owner = v.lease_owner
      returning jobs.id`.execute(trx);
    for (const row of rows) ours.add(row.id);
  }
  const settling = items.filter((item) => ours.has(item.job.id));
  const moved = new Set<string>();
  for (const part of chunks(settling)) {
    for (const id of await settleAttemptsTogether(trx, part)) moved.add(id);
  }
  for (const item of settling) item.settled = moved.has(item.messageId);
}
