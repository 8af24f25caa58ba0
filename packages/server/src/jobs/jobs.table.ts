import type { Selectable } from 'kysely';

export const JOB_KINDS = ['webhook.attempt', 'webhook.resend', 'sandbox.account.activate'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

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
  created_at: number;
}

export type Job = Selectable<JobsTable>;
export interface NewJob {
  kind: JobKind;
  queue?: string | null;
  subjectId: string;
  runAt: number;
}
