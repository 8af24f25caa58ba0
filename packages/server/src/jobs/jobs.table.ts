import type { Selectable } from 'kysely';
import type { JobKind } from './job-kinds.js';

export type { JobKind } from './job-kinds.js';

export interface JobsTable {
  id: string;
  kind: JobKind;
  /** Jobs of one queue (a subscription) run one at a time, in order, within a worker. */
  queue: string | null;
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
export interface NewJob {
  kind: JobKind;
  queue?: string | null;
  subjectId: string;
  runAt: number;
}
