import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Page } from '../../lib/pagination.js';
import { DateTimeInput, StringEnum } from '../../lib/schema.js';
import { MESSAGE_STATUSES } from '../messages/messages.table.js';
import { EVENT_TYPES, RESOURCE_NAMES } from './event-catalog.js';

/** One subscription's delivery of an event: the state of its message (docs/webhooks.md). */
export const EventDelivery = Type.Object({
  subscriptionId: Type.String(),
  messageId: Type.String({
    description: 'X-Message-Id (webhook-id): the same on every attempt of this delivery.',
  }),
  status: StringEnum(MESSAGE_STATUSES, {
    description:
      'PENDING: an attempt is due; HELD: the subscription is paused; SUCCEEDED / FAILED: settled; CANCELLED: the subscription was deleted.',
  }),
  attempts: Type.Integer({ description: 'Automatic attempts made so far (resends not counted).' }),
  lastAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const FeedEvent = Type.Object(
  {
    id: Type.String({ description: 'The event id (`evt_…`), as in the webhook body.' }),
    type: StringEnum(EVENT_TYPES),
    resource: StringEnum(RESOURCE_NAMES),
    resourceId: Type.String(),
    atTime: Type.String({ format: 'date-time', description: 'When the event happened.' }),
    data: Type.Unknown({
      description:
        'The resource snapshot exactly as every webhook delivery of this event sends it (`data` of the body).',
    }),
    deliveries: Type.Array(EventDelivery, {
      description:
        'One per subscription the event was sent to (none when no subscription selected it), by subscription id.',
    }),
  },
  { $id: 'FeedEvent' },
);
export type FeedEvent = Static<typeof FeedEvent>;

export const FeedEventPage = Page(Type.Ref(FeedEvent));

/** The catalog's longest type is 40 characters; the whole list fits well under this. */
const MAX_EVENT_TYPE_FILTERS = EVENT_TYPES.length;

export const ListEventsQuery = ListQuery({
  type: Type.Optional(
    Type.Array(StringEnum(EVENT_TYPES, { maxLength: 64 }), {
      minItems: 1,
      maxItems: MAX_EVENT_TYPE_FILTERS,
      uniqueItems: true,
      description:
        'Only events of these types: repeat the parameter for several (`type=A&type=B`). Values from GET /v1/events/types.',
    }),
  ),
  resourceId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'Only events about this resource (an account, payment instruction, operation; a subscription for its SUBSCRIPTION_* alerts, a message for MESSAGE_EXHAUSTED).',
    }),
  ),
  createdAtFrom: Type.Optional(
    DateTimeInput({ description: 'Only events that happened at or after this time (inclusive).' }),
  ),
  createdAtTo: Type.Optional(
    DateTimeInput({ description: 'Only events that happened before this time (exclusive).' }),
  ),
});
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const EventParams = Type.Object({
  eventId: Type.String({ minLength: 1, maxLength: 64 }),
});
