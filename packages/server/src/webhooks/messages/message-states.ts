import { stateMachine } from '../../lib/state-machine.js';
import type { MessageStatus } from './messages.table.js';

/**
 * A webhook message's lifecycle (docs/webhooks.md). A message starts PENDING (a job will attempt
 * it) or HELD (its subscription is paused). An automatic attempt settles it SUCCEEDED or, once
 * retries are exhausted or not allowed, FAILED; pausing holds what is pending and resuming
 * releases it; deleting the subscription cancels what was never settled. A settled message can
 * still be resent: a successful resend of a FAILED one makes it SUCCEEDED, and a resend whose
 * subscription was paused meanwhile holds it until the resume.
 */
export const MESSAGE_MACHINE = stateMachine<MessageStatus>({
  initial: ['PENDING', 'HELD'],
  edges: {
    PENDING: ['HELD', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
    HELD: ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
    SUCCEEDED: ['HELD'],
    FAILED: ['SUCCEEDED', 'HELD'],
    CANCELLED: [],
  },
});

/** The status a new message starts in: held while its subscription is paused. */
export function initialMessageStatus(subscriptionActive: boolean): MessageStatus {
  return subscriptionActive ? 'PENDING' : 'HELD';
}
