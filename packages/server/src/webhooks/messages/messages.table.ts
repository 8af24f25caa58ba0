import type { Selectable } from 'kysely';

/**
 * PENDING: a job will attempt it. HELD: its subscription is paused. SUCCEEDED / FAILED: settled
 * (FAILED once retries are exhausted or not allowed). CANCELLED: its subscription was deleted.
 */
export const MESSAGE_STATUSES = ['PENDING', 'HELD', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MessagesTable {
  id: string;
  customer_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  /**
   * Its place among its subscription's messages: 1, 2, 3, … in the order the fan-out wrote
   * them, never a gap or a repeat (subscriptions.message_sequence; migration 0031).
   */
  sequence: number;
  /** JSON object of the request headers, signature included: identical on every attempt. */
  headers: string;
  status: MessageStatus;
  /** Automatic attempts made so far (first attempt and retries; resends not counted). */
  attempts: number;
  last_attempt_at: number | null;
  last_attempt_status: 'SUCCESS' | 'FAILED' | null;
  created_at: number;
  updated_at: number;
}

export type MessageRow = Selectable<MessagesTable>;
