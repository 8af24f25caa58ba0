import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Page } from '../pagination/page.js';
import { paginate } from '../pagination/paginate.js';
import type { Event, EventFilters, ListEventsQuery } from '../types/event.js';
import { segment } from './path-segment.js';

type Signal = Pick<RequestOptions, 'signal'>;

/**
 * The events feed (`GET /v1/events`): every event of the customer, with its delivery status per
 * subscription, for as long as the server keeps them (docs/webhooks.md "Events feed"). It is
 * how a receiver that was down catches up without waiting for retries. Reach it as
 * `client.events`.
 *
 * @example
 * ```ts
 * // Catch up, oldest first, from the last event this receiver handled.
 * for await (const event of client.events.iterate({ createdAtFrom: lastSeenAt, sortOrder: 'ASCENDING' })) {
 *   if (!(await store.isDone(event.id))) await handle(event);
 * }
 * ```
 */
export class EventsResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * One page of events (`GET /v1/events`), newest first by default, filtered by `type`,
   * `resourceId`, `createdAtFrom` and `createdAtTo`.
   *
   * @example
   * ```ts
   * const page = await client.events.list({ resourceId: account.id, limit: 50 });
   * ```
   */
  list(query: ListEventsQuery = {}, options: Signal = {}): Promise<Page<Event>> {
    const { limit, cursor, direction, sortOrder, type, resourceId, createdAtFrom, createdAtTo } =
      query;
    return this.core.request<Page<Event>>({
      ...options,
      method: 'GET',
      path: '/v1/events',
      query: { limit, cursor, direction, sortOrder, type, resourceId, createdAtFrom, createdAtTo },
    });
  }

  /**
   * Every event matching `filters`, across all pages, each once, in list order.
   *
   * @example
   * ```ts
   * for await (const e of client.events.iterate({ type: 'OPERATION_FAILED' })) console.log(e.id);
   * ```
   */
  iterate(
    filters: EventFilters = {},
    options: Signal = {},
  ): AsyncGenerator<Event, void, undefined> {
    return paginate((cursor) => this.list({ ...filters, cursor }, options));
  }

  /**
   * One event (`GET /v1/events/{id}`), with its deliveries; another customer's is a 404.
   *
   * @example
   * ```ts
   * const event = await client.events.get('evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS');
   * ```
   */
  get(eventId: string, options: Signal = {}): Promise<Event> {
    return this.core.request<Event>({
      ...options,
      method: 'GET',
      path: `/v1/events/${segment('eventId', eventId)}`,
    });
  }
}
