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
  /**
   * JSON of the headers this attempt sent, when they differ from the message's stored headers
   * (standard-webhooks signs each attempt); null: the message's (migration 0014).
   */
  request_headers: string | null;
}

export type ExecutionLogRow = Selectable<ExecutionLogsTable>;
export type NewExecutionLog = Insertable<ExecutionLogsTable>;
