import type { Insertable, Selectable } from 'kysely';

export const ATTEMPT_TRIGGERS = ['AUTOMATIC', 'RETRY', 'RESEND'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

export const ATTEMPT_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** One immutable row per delivery attempt. */
export interface ExecutionLogsTable {
  id: string;
  customer_id: string;
  subscription_id: string;
  message_id: string;
  event_id: string;
  event_type: string;
  url: string;
  /** 0 when no response arrived. */
  http_status: number;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
  retry_attempts: number;
  trigger: AttemptTrigger;
  status: AttemptStatus;
  created_at: number;
}

export type ExecutionLogRow = Selectable<ExecutionLogsTable>;
export type NewExecutionLog = Insertable<ExecutionLogsTable>;
