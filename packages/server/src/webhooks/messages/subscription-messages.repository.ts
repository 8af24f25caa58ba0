import type { Db } from '../../db/database.js';
import type { KeysetPlan } from '../../lib/pagination.js';

/**
 * One page of a subscription's messages above `afterSequence`, by sequence, with each one's
 * event (resource and exact body). Keyset on the sequence alone: it is unique within the
 * subscription, so the index `messages_subscription_sequence` (subscription_id, sequence)
 * gives the page as one range read on both engines; the cursor's id is never needed to break a
 * tie. The caller has checked the subscription is the customer's; the customer is in the WHERE
 * as well, as in every query.
 */
export function subscriptionMessagesQuery(
  db: Db,
  customerId: string,
  subscriptionId: string,
  afterSequence: number,
  plan: KeysetPlan,
) {
  let query = db
    .selectFrom('messages as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select([
      'm.id',
      'm.sequence',
      'm.event_id',
      'm.event_type',
      'm.status',
      'm.created_at',
      'e.resource',
      'e.payload',
    ])
    .where('m.subscription_id', '=', subscriptionId)
    .where('m.customer_id', '=', customerId)
    .where('m.sequence', '>', afterSequence);
  if (plan.after) {
    query = query.where(
      'm.sequence',
      plan.order === 'asc' ? '>' : '<',
      Number(plan.after.sortValue),
    );
  }
  return query.orderBy('m.sequence', plan.order).limit(plan.fetch);
}

/** The page's rows (subscriptionMessagesQuery, run). */
export function listSubscriptionMessages(...args: Parameters<typeof subscriptionMessagesQuery>) {
  return subscriptionMessagesQuery(...args).execute();
}

export type SubscriptionMessageRow = Awaited<ReturnType<typeof listSubscriptionMessages>>[number];
