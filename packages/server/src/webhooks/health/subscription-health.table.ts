import type { Generated, Selectable } from 'kysely';

/**
 * Delivery health of one subscription (migration 0013), maintained by the worker in the same
 * transaction as each attempt's settlement (events/subscription-health.repository.ts), so reading
 * it costs one primary-key lookup however many messages and logs the subscription has. A
 * subscription without a row has had no attempt yet.
 */
export interface SubscriptionHealthTable {
  subscription_id: string;
  /** Messages in FAILED now (retries exhausted or not allowed, and not recovered since). */
  failed_messages: number;
  /** Failed attempts (automatic, retry or resend) since the last successful one. */
  consecutive_failures: number;
  last_success_at: number | null;
  last_success_message_id: string | null;
  last_failure_at: number | null;
  last_failure_message_id: string | null;
  /** 0 when no answer arrived (timeout, refused address, network error). */
  last_failure_http_status: number | null;
  last_failure_error: string | null;
  updated_at: number;
  /** The alert window (migration 0034, health/delivery-alerts.ts): when it started, null before. */
  window_started_at: number | null;
  /** Attempts of business messages in the window (operational ones are not counted). */
  window_attempts: Generated<number>;
  window_failures: Generated<number>;
  /** The first failure since the last success (business messages); null after a success. */
  failing_since: number | null;
  /** 1 from SUBSCRIPTION_FAILING until SUBSCRIPTION_RECOVERED. */
  alerting: Generated<number>;
  /** When SUBSCRIPTION_FAILING was last emitted: at most one per window. */
  last_alert_at: number | null;
  /** When the worker queued this subscription's auto-disable (cleared by a success or an enable). */
  disable_queued_at: number | null;
}

export type SubscriptionHealthRow = Selectable<SubscriptionHealthTable>;
