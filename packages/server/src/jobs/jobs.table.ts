import type { Generated, Selectable } from 'kysely';
import type { JobKind } from './job-kinds.js';

export type { JobKind } from './job-kinds.js';

export interface JobsTable {
  id: string;
  kind: JobKind;
  /**
   * Jobs of one queue share an allowance of jobs in flight, across all workers: `queue_limit`
   * for a fair queue (a subscription), one at a time and in due order otherwise (an operation's
   * steps). Jobs without a queue are capped only by the workers' concurrency.
   */
  queue: string | null;
  /** The allowance of a fair queue; null for a one-at-a-time queue or no queue. */
  queue_limit: number | null;
  /** Within a fair queue, lower goes first among due jobs (JOB_PRIORITY). */
  priority: Generated<number>;
  /** The row the job acts on (a message, an account). */
  subject_id: string;
  run_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  /** How many times the job was claimed (a crash loop shows here). */
  claims: number;
  /** How many times its handler failed (threw); drives the backoff and the parking. */
  attempts: number;
  /** The last failure's message, for operators. */
  last_error: string | null;
  /** Set when the job was parked after its last allowed failure: kept, never claimed. */
  failed_at: number | null;
  created_at: number;
}

export type Job = Selectable<JobsTable>;

/** A job that is due again (a retry) goes before the first runs waiting in its fair queue. */
export const JOB_PRIORITY = { again: 0, first: 1 } as const;

export interface NewJob {
  kind: JobKind;
  queue?: string | null;
  /** Makes `queue` a fair queue with this many jobs in flight at most (a subscription's). */
  queueLimit?: number;
  subjectId: string;
  runAt: number;
}
