import type { Db } from '../../db/database.js';
import { toIso } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { createdAtRange } from '../../lib/created-at-range.js';
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
import {
  deliveriesOf,
  findEvent,
  listEvents,
  type DeliveryRow,
  type EventFilters,
  type FeedEventRow,
} from './events-feed.repository.js';
import type { FeedEvent, ListEventsQuery } from './events-feed.schemas.js';
import {
  expandedStatus,
  matchingSubscriptions,
  messageIdFor,
  unexpandedEvents,
} from './fan-out.js';

/**
 * The events feed (GET /v1/events): what a receiver that was down reads to reconcile without
 * depending on retries (docs/webhooks.md "Catching up: the events feed").
 */
export class EventsFeedService {
  constructor(
    private readonly db: Db,
    private readonly cursors: CursorCodec,
  ) {}

  async list(customerId: string, query: ListEventsQuery): Promise<PageResult<FeedEvent>> {
    const filters = filtersOf(query);
    // The cursor is bound to the filters as given after normalising (sorted types, ms bounds),
    // so `type=A&type=B` and `type=B&type=A` are one list.
    const binding = {
      customerId,
      scope: listScope('events', { ...filters }, query.sortOrder ?? 'DESCENDING'),
    };
    const plan = planPage(query, this.cursors, binding);
    const keyOf = (r: FeedEventRow) => ({ sortValue: Number(r.created_at), id: r.id });
    const { rows, scannedTo } = withinPageWeight(
      { rows: await listEvents(this.db, customerId, filters, plan) },
      plan,
      keyOf,
      (r) => storedWeight(r.payload),
    );
    const page = rows.slice(0, plan.limit);
    const deliveries = groupByEvent(await this.deliveries(customerId, page));
    return buildPage(
      rows,
      plan,
      keyOf,
      (r) => toFeedEvent(r, deliveries.get(r.id) ?? []),
      this.cursors,
      binding,
      scannedTo,
    );
  }

  async get(customerId: string, eventId: string): Promise<FeedEvent> {
    const row = isId('event', eventId) ? await findEvent(this.db, customerId, eventId) : undefined;
    if (!row) throw notFound('Event', eventId);
    return toFeedEvent(row, await this.deliveries(customerId, [row]));
  }

  /**
   * The deliveries of these events: their messages, and for an event the worker has not expanded
   * yet (its fan-out job is still queued), the messages it will have, PENDING (HELD for a paused
   * subscription) with no attempt, under the ids the expansion will give them (fan-out.ts). The
   * jobs are read before the messages: an expansion committing in between leaves its messages
   * to be read, and they win.
   */
  private async deliveries(customerId: string, events: FeedEventRow[]): Promise<DeliveryRow[]> {
    const ids = events.map((e) => e.id);
    const unexpanded = await unexpandedEvents(this.db, ids);
    const rows = await deliveriesOf(this.db, customerId, ids);
    if (unexpanded.size === 0) return rows;
    const expanded = new Set(rows.map((r) => r.event_id));
    for (const event of events) {
      if (!unexpanded.has(event.id) || expanded.has(event.id)) continue;
      const subscriptions = await matchingSubscriptions(this.db, undefined, {
        customer_id: customerId,
        resource: event.resource,
        type: event.type,
        payload: event.payload,
        created_at: event.created_at,
      });
      for (const s of subscriptions) {
        rows.push({
          id: messageIdFor(event.id, s.id),
          event_id: event.id,
          subscription_id: s.id,
          status: expandedStatus(s),
          attempts: 0,
          last_attempt_at: null,
        });
      }
    }
    return rows;
  }
}

function filtersOf(query: ListEventsQuery): EventFilters {
  const { from, to } = createdAtRange(query);
  return {
    types: query.type && [...new Set(query.type)].sort(),
    resourceId: query.resourceId,
    from,
    to,
  };
}

function groupByEvent(rows: DeliveryRow[]): Map<string, DeliveryRow[]> {
  const byEvent = new Map<string, DeliveryRow[]>();
  for (const row of rows) {
    const list = byEvent.get(row.event_id);
    if (list) list.push(row);
    else byEvent.set(row.event_id, [row]);
  }
  return byEvent;
}

function toFeedEvent(row: FeedEventRow, deliveries: DeliveryRow[]): FeedEvent {
  // The stored payload is the exact body every delivery sends; `data` is taken from it rather
  // than rebuilt, so the feed and the webhooks can never disagree.
  const body = JSON.parse(row.payload) as { data: unknown };
  return {
    id: row.id,
    type: row.type as FeedEvent['type'],
    resource: row.resource as FeedEvent['resource'],
    resourceId: row.resource_id,
    atTime: toIso(Number(row.created_at)),
    data: body.data,
    deliveries: deliveries.map((d) => ({
      subscriptionId: d.subscription_id,
      messageId: d.id,
      status: d.status,
      attempts: d.attempts,
      lastAttemptAt: d.last_attempt_at === null ? null : toIso(Number(d.last_attempt_at)),
    })),
  };
}
