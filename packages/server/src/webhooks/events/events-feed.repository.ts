import type { SelectQueryBuilder } from 'kysely';
import type { Db, Tables } from '../../db/database.js';
import { withinWeightInSql } from '../../db/page-weight.js';
import { applyKeyset } from '../../lib/keyset.js';
import { PAGE_WEIGHT, type KeysetPlan } from '../../lib/pagination.js';
import type { MessageStatus } from '../messages/messages.table.js';

export interface EventFilters {
  /** Sorted, distinct event types; undefined = every type. */
  types?: string[] | undefined;
  resourceId?: string | undefined;
  /** Inclusive lower bound of created_at (ms). */
  from?: number | undefined;
  /** Exclusive upper bound of created_at (ms). */
  to?: number | undefined;
}

export interface FeedEventRow {
  id: string;
  type: string;
  resource: string;
  resource_id: string;
  payload: string;
  created_at: number;
}

const columns = ['id', 'type', 'resource', 'resource_id', 'payload', 'created_at'] as const;

/**
 * One page of a customer's events. Every filter is an equality or range on a column that follows
 * customer_id in one of the events indexes (0002, 0016), so a page is a range scan in order
 * (test/integration/events-feed.query-plan.test.ts shows the plans).
 */
export function eventsPageQuery(
  db: Db,
  customerId: string,
  filters: EventFilters,
  plan: KeysetPlan,
) {
  let query = db.selectFrom('events').select(columns).where('customer_id', '=', customerId);
  if (filters.types) query = query.where('type', 'in', filters.types);
  if (filters.resourceId !== undefined) query = query.where('resource_id', '=', filters.resourceId);
  if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('created_at', '<', filters.to);
  return applyKeyset(query, plan, 'created_at', 'id');
}

export function listEvents(
  db: Db,
  customerId: string,
  filters: EventFilters,
  plan: KeysetPlan,
): Promise<FeedEventRow[]> {
  // Within the page weight in the statement itself (db/page-weight.ts): a page of events with
  // heavy bodies reads about as many as it sends, not `limit + 1` of them.
  const page = eventsPageQuery(db, customerId, filters, plan);
  return withinWeightInSql(
    db,
    page as unknown as SelectQueryBuilder<Tables, keyof Tables, FeedEventRow>,
    plan.order,
    'payload',
    columns,
    PAGE_WEIGHT,
  ).execute();
}

export async function findEvent(
  db: Db,
  customerId: string,
  eventId: string,
): Promise<FeedEventRow | undefined> {
  return db
    .selectFrom('events')
    .select(columns)
    .where('id', '=', eventId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  subscription_id: string;
  status: MessageStatus;
  attempts: number;
  last_attempt_at: number | null;
}

/** The messages of a page of events, in one query (messages_event index), by subscription. */
export function deliveriesQuery(db: Db, customerId: string, eventIds: string[]) {
  return db
    .selectFrom('messages')
    .select(['id', 'event_id', 'subscription_id', 'status', 'attempts', 'last_attempt_at'])
    .where('event_id', 'in', eventIds)
    .where('customer_id', '=', customerId)
    .orderBy('subscription_id')
    .orderBy('id');
}

export async function deliveriesOf(
  db: Db,
  customerId: string,
  eventIds: string[],
): Promise<DeliveryRow[]> {
  if (eventIds.length === 0) return [];
  return deliveriesQuery(db, customerId, eventIds).execute();
}
