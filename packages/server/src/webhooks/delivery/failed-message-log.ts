import type { FastifyBaseLogger } from 'fastify';
import { webhookMessagesFailed, type MessageFailureReason } from '../../observability/metrics.js';
import type { MessageContext } from './message-context.js';
import { attemptErrorOf, httpStatusOf } from './record-attempt.js';
import type { AttemptOutcome } from './send-attempt.js';

/**
 * A message just became FAILED: nothing more is sent unless someone resends it, so operators get
 * one info line (docs/webhooks.md "Logs") and `cofre_webhook_messages_failed_total` counts it.
 * Ids, the event type and the last answer only: no URL, headers or payload (the execution log,
 * scoped to the customer, keeps those).
 */
export function reportFailedMessage(
  logger: Pick<FastifyBaseLogger, 'info'> | undefined,
  message: MessageContext,
  outcome: AttemptOutcome,
  attempts: number,
): void {
  const reason: MessageFailureReason = message.allowRetry
    ? 'retries_exhausted'
    : 'retry_not_allowed';
  webhookMessagesFailed.inc({ reason });
  logger?.info(
    {
      subscriptionId: message.subscriptionId,
      messageId: message.id,
      eventType: message.eventType,
      attempts,
      reason,
      httpStatus: httpStatusOf(outcome),
      error: attemptErrorOf(outcome),
    },
    'webhook message failed; no more automatic attempts',
  );
}
