import type { AlertPolicy } from '../../config/config.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import { toIso } from '../../lib/clock.js';
import { recordEvent } from '../events/record-event.js';
import type { MessageContext } from '../delivery/message-context.js';
import { findSubscription } from '../subscriptions/subscriptions.repository.js';
import { toSubscription } from '../subscriptions/subscriptions.service.js';
import { alertDecision } from './delivery-alerts.js';
import type { AlertState } from './subscription-health.repository.js';

/** The job kind that disables a subscription failing for too long (auto-disable.job.ts). */
export const AUTO_DISABLE_KIND = 'webhook.subscription.disable' as const;

/** What raising alerts needs: the queue (events and the auto-disable job) and the policy. */
export interface AlertDeps {
  queue: JobQueue;
  policy: AlertPolicy;
}

/** The last attempt of a message, as MESSAGE_EXHAUSTED and SUBSCRIPTION_FAILING name it. */
export interface LastAttempt {
  at: number;
  /** 0 when no answer arrived. */
  httpStatus: number;
  error: string | null;
}

/**
 * Raises what one attempt's tally decided (delivery-alerts.ts), in the settlement's
 * transaction: the alert state written with the event, so a FAILING raised is never raised
 * twice by two workers (the health row is locked by the tally until commit) and never lost.
 * The auto-disable is a job of its own: disabling holds the subscription's messages, which must
 * not be locked from inside a batch of settlements.
 */
export async function raiseAlerts(
  tx: Tx,
  deps: AlertDeps,
  message: MessageContext,
  state: AlertState,
  last: LastAttempt,
): Promise<void> {
  const decision = alertDecision(
    state,
    deps.policy,
    last.at,
    message.subscriptionStatus === 'ACTIVE',
  );
  if (decision.disable) {
    await healthUpdate(tx, message.subscriptionId, { disable_queued_at: last.at });
    await deps.queue.enqueue(tx, [
      { kind: AUTO_DISABLE_KIND, subjectId: message.subscriptionId, runAt: last.at },
    ]);
  }
  if (!decision.failing && !decision.recovered) return;
  await healthUpdate(
    tx,
    message.subscriptionId,
    decision.failing ? { alerting: 1, last_alert_at: last.at } : { alerting: 0 },
  );
  const subscription = await findSubscription(tx.trx, message.customerId, message.subscriptionId);
  if (!subscription) return;
  await recordEvent(tx, deps.queue, {
    customerId: message.customerId,
    type: decision.failing ? 'SUBSCRIPTION_FAILING' : 'SUBSCRIPTION_RECOVERED',
    resource: 'SUBSCRIPTION',
    resourceId: subscription.id,
    data: {
      ...toSubscription(subscription),
      alert: alertFigures(state, deps.policy, message, last),
    },
    at: last.at,
  });
}

/** `data.alert` of SUBSCRIPTION_FAILING and SUBSCRIPTION_RECOVERED (docs/webhooks.md). */
function alertFigures(
  state: AlertState,
  policy: AlertPolicy,
  message: MessageContext,
  last: LastAttempt,
) {
  return {
    windowStartedAt: toIso(state.window_started_at ?? last.at),
    windowMs: policy.windowMs,
    attempts: state.window_attempts,
    failures: state.window_failures,
    thresholdPercent: policy.failurePercent,
    failingSince: state.failing_since === null ? null : toIso(state.failing_since),
    lastAttempt: {
      at: toIso(last.at),
      messageId: message.id,
      httpStatus: last.httpStatus,
      error: last.error,
    },
  };
}

/**
 * MESSAGE_EXHAUSTED: a business message ran out of retries (or had none) and is FAILED for good.
 * Never for a message carrying an operational event: an alert about an alert would ping-pong
 * between two failing subscriptions that watch each other.
 */
export async function reportExhausted(
  tx: Tx,
  queue: JobQueue,
  message: MessageContext,
  attempts: number,
  last: LastAttempt,
): Promise<void> {
  await recordEvent(tx, queue, {
    customerId: message.customerId,
    type: 'MESSAGE_EXHAUSTED',
    resource: 'MESSAGE',
    resourceId: message.id,
    data: {
      id: message.id,
      subscriptionId: message.subscriptionId,
      sequence: message.sequence,
      eventId: message.eventId,
      eventType: message.eventType,
      status: 'FAILED',
      attempts,
      lastAttempt: { at: toIso(last.at), httpStatus: last.httpStatus, error: last.error },
    },
    at: last.at,
  });
}

async function healthUpdate(
  tx: Tx,
  subscriptionId: string,
  set: { alerting?: number; last_alert_at?: number; disable_queued_at?: number },
): Promise<void> {
  await tx.trx
    .updateTable('subscription_health')
    .set(set)
    .where('subscription_id', '=', subscriptionId)
    .execute();
}
