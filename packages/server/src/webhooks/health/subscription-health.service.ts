import type { Db } from '../../db/database.js';
import { PENDING_COUNT_CAP, readSubscriptionHealth } from './subscription-health.repository.js';
import { unexpandedEventsFor } from '../events/fan-out.js';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { SubscriptionHealth } from './subscription-health.schemas.js';
import { findSubscription } from '../subscriptions/subscriptions.repository.js';

/**
 * A subscription's delivery health: three indexed reads, whatever the subscription's history
 * (docs/webhooks.md "Delivery health"). Another customer's subscription is not found.
 */
export async function getSubscriptionHealth(
  db: Db,
  customerId: string,
  subscriptionId: string,
): Promise<SubscriptionHealth> {
  const subscription = isId('subscription', subscriptionId)
    ? await findSubscription(db, customerId, subscriptionId)
    : undefined;
  if (!subscription) throw notFound('Subscription', subscriptionId);
  const [{ row, pendingMessages: messages, pendingCapped: capped }, unexpanded] = await Promise.all(
    [
      readSubscriptionHealth(db, subscription.id),
      // Events the worker has not expanded yet count as the pending messages they will be.
      unexpandedEventsFor(db, subscription, PENDING_COUNT_CAP),
    ],
  );
  const pending = messages + unexpanded;
  const pendingCapped = capped || pending > PENDING_COUNT_CAP;
  const pendingMessages = Math.min(pending, PENDING_COUNT_CAP);
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    pendingMessages,
    pendingMessagesCapped: pendingCapped,
    failedMessages: row?.failed_messages ?? 0,
    consecutiveFailures: row?.consecutive_failures ?? 0,
    lastSuccess:
      row?.last_success_at != null && row.last_success_message_id !== null
        ? { at: toIso(Number(row.last_success_at)), messageId: row.last_success_message_id }
        : null,
    lastFailure:
      row?.last_failure_at != null && row.last_failure_message_id !== null
        ? {
            at: toIso(Number(row.last_failure_at)),
            messageId: row.last_failure_message_id,
            httpStatus: row.last_failure_http_status ?? 0,
            error: row.last_failure_error,
          }
        : null,
  };
}
