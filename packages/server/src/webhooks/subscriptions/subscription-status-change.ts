import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import { moveMessagesOf } from '../messages/messages.repository.js';
import type { MessageStatus } from '../messages/messages.table.js';
import type { SubscriptionRow, SubscriptionStatus } from './subscriptions.table.js';

/**
 * What a subscription's status change does to its messages (messages/message-states.ts):
 * PAUSED and DISABLED hold what is pending; ACTIVE releases what is held.
 */
const MESSAGES_ON = {
  PAUSED: { from: ['PENDING'], to: 'HELD' },
  DISABLED: { from: ['PENDING'], to: 'HELD' },
  ACTIVE: { from: ['HELD'], to: 'PENDING' },
} as const satisfies Record<SubscriptionStatus, { from: MessageStatus[]; to: MessageStatus }>;

/**
 * Moves a subscription's messages for its new status, in the caller's transaction (the one
 * that wrote the status): holding cancels their queued attempts; releasing queues the held ones
 * again with the same due time, so they are claimed, and sent, in the order they were created.
 * Enabling also restarts the alert state's failure run (health/delivery-alerts.ts), so a
 * subscription enabled again is not disabled again by the failures that disabled it.
 */
export async function applyStatusChange(
  tx: Tx,
  queue: JobQueue,
  subscription: SubscriptionRow,
  now: number,
): Promise<void> {
  const { id, status } = subscription;
  const moved = await moveMessagesOf(tx.trx, id, { ...MESSAGES_ON[status], at: now });
  if (status !== 'ACTIVE') {
    await queue.cancelUnleased(tx.trx, moved);
    return;
  }
  await tx.trx
    .updateTable('subscription_health')
    .set({ failing_since: null, disable_queued_at: null })
    .where('subscription_id', '=', id)
    .execute();
  await queue.enqueue(
    tx,
    moved.map((messageId) => ({
      kind: 'webhook.attempt' as const,
      queue: id,
      queueLimit: subscription.max_concurrency,
      subjectId: messageId,
      runAt: now,
    })),
  );
}
