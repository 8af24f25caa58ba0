import type { components } from '../generated/openapi-types.js';
import type { PageQuery } from '../pagination/page.js';
import { everyMemberOf } from './every-member-of.js';
import type { WebhookEvent, WebhookEventType } from './webhook-event.js';

/**
 * Where one subscription's message of an event stands: `PENDING` (queued or being retried),
 * `HELD` (the subscription is paused), `SUCCEEDED`, `FAILED` (given up) or `CANCELLED`.
 *
 * @example
 * ```ts
 * const done: EventDeliveryStatus = 'SUCCEEDED';
 * ```
 */
export type EventDeliveryStatus = (typeof EVENT_DELIVERY_STATUSES)[number];

/**
 * Every delivery status of the events feed.
 *
 * @example
 * ```ts
 * const settled = EVENT_DELIVERY_STATUSES.filter((s) => s !== 'PENDING' && s !== 'HELD');
 * ```
 */
export const EVENT_DELIVERY_STATUSES = everyMemberOf<EventDelivery['status']>()([
  'PENDING',
  'HELD',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
] as const);

/**
 * An event's delivery to one subscription.
 *
 * @example
 * ```ts
 * const failed = event.deliveries.filter((d: EventDelivery) => d.status === 'FAILED');
 * ```
 */
export type EventDelivery = components['schemas']['FeedEvent']['deliveries'][number];

/**
 * One event of the feed (`GET /v1/events/{id}`): the webhook body (`id`, `type`, `resource`,
 * `atTime`, `data`, narrowed by `type`), the id of the resource it is about, and its delivery
 * status per subscription.
 *
 * @example
 * ```ts
 * const event = await client.events.get('evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS');
 * if (event.type === 'OPERATION_COMPLETED') console.log(event.data.id, event.deliveries);
 * ```
 */
export type Event = WebhookEvent & {
  resourceId: string;
  deliveries: EventDelivery[];
};

/**
 * What the events feed filters on: event `type` (one, or several as a list: any of them),
 * `resourceId`, and creation time (`createdAtFrom` inclusive, `createdAtTo` exclusive, ISO 8601).
 *
 * @example
 * ```ts
 * const filters: EventFilters = { type: 'OPERATION_COMPLETED', createdAtFrom: '2026-11-22T00:00:00Z' };
 * ```
 */
export interface EventFilters extends Omit<PageQuery, 'cursor' | 'direction'> {
  type?: WebhookEventType | readonly WebhookEventType[] | undefined;
  resourceId?: string | undefined;
  createdAtFrom?: string | undefined;
  createdAtTo?: string | undefined;
}

/**
 * One page request of `GET /v1/events`: the filters plus the page parameters.
 *
 * @example
 * ```ts
 * const query: ListEventsQuery = { resourceId: 'acc_01JD…', limit: 100, sortOrder: 'ASCENDING' };
 * ```
 */
export interface ListEventsQuery extends EventFilters {
  cursor?: string | undefined;
  direction?: PageQuery['direction'] | undefined;
}
