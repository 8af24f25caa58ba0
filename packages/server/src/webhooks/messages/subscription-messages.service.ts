import type { Db } from '../../db/database.js';
import { toIso } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import {
  buildPage,
  listScope,
  planPage,
  type PageResult,
  storedWeight,
  withinPageWeight,
} from '../../lib/pagination.js';
import type { ResourceName } from '../events/event-catalog.js';
import { findSubscription } from '../subscriptions/subscriptions.repository.js';
import {
  listSubscriptionMessages,
  type SubscriptionMessageRow,
} from './subscription-messages.repository.js';
import type {
  ListSubscriptionMessagesQuery,
  SubscriptionMessage,
} from './subscription-messages.schemas.js';

/**
 * A subscription's messages by sequence number (docs/webhooks.md "Sequence numbers"): how a
 * receiver that sees a gap in `X-Message-Sequence` fetches what it missed, with the original ids
 * and bodies.
 */
export class SubscriptionMessagesService {
  constructor(
    private readonly db: Db,
    private readonly cursors: CursorCodec,
  ) {}

  /** Oldest first by default; another customer's or a deleted subscription is a 404. */
  async list(
    customerId: string,
    subscriptionId: string,
    query: ListSubscriptionMessagesQuery,
  ): Promise<PageResult<SubscriptionMessage>> {
    const subscription = isId('subscription', subscriptionId)
      ? await findSubscription(this.db, customerId, subscriptionId)
      : undefined;
    if (!subscription) throw notFound('Subscription', subscriptionId);
    const afterSequence = query.afterSequence ?? 0;
    const sortOrder = query.sortOrder ?? 'ASCENDING';
    // The cursor is bound to the subscription, `afterSequence` and the order: changing any of
    // them between pages is a 400, never another list.
    const binding = {
      customerId,
      scope: listScope(`messages:${subscriptionId}`, { afterSequence }, sortOrder),
    };
    const plan = planPage({ ...query, sortOrder }, this.cursors, binding);
    const keyOf = (r: SubscriptionMessageRow) => ({ sortValue: Number(r.sequence), id: r.id });
    const { rows, scannedTo } = withinPageWeight(
      {
        rows: await listSubscriptionMessages(
          this.db,
          customerId,
          subscriptionId,
          afterSequence,
          plan,
        ),
      },
      plan,
      keyOf,
      (r) => storedWeight(r.payload),
    );
    return buildPage(rows, plan, keyOf, toMessage, this.cursors, binding, scannedTo);
  }
}

function toMessage(row: SubscriptionMessageRow): SubscriptionMessage {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    eventId: row.event_id,
    eventType: row.event_type as SubscriptionMessage['eventType'],
    resource: row.resource as ResourceName,
    status: row.status,
    createdAt: toIso(Number(row.created_at)),
    payload: row.payload,
  };
}
