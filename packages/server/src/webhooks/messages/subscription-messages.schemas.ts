import { Type, type Static } from '@sinclair/typebox';
import { PageQueryProperties, Page, SORT_ORDERS } from '../../lib/pagination.js';
import { StringEnum } from '../../lib/schema.js';
import { EventTypeSchema, ResourceNameSchema } from '../subscriptions/subscriptions.schemas.js';
import { MESSAGE_STATUSES } from './messages.table.js';

/**
 * One message of a subscription as `GET /v1/subscriptions/{id}/messages` lists it
 * (docs/webhooks.md "Sequence numbers"): what a receiver that missed it needs to process it as
 * if it had been delivered — its id (the deliveries' `X-Message-Id` / `webhook-id`, to
 * deduplicate on), its number, and the exact body every delivery of it sends.
 */
export const SubscriptionMessage = Type.Object(
  {
    id: Type.String({ description: 'The message id: X-Message-Id, webhook-id.' }),
    sequence: Type.Integer({
      minimum: 1,
      description:
        "X-Message-Sequence: the message's number among the subscription's messages, 1, 2, 3, … with no gap.",
    }),
    eventId: Type.String(),
    eventType: EventTypeSchema,
    resource: ResourceNameSchema,
    status: StringEnum(MESSAGE_STATUSES, {
      description:
        'PENDING (an attempt is due), HELD (the subscription is paused), SUCCEEDED, FAILED (retries exhausted or not allowed), CANCELLED (deleted before delivery).',
    }),
    createdAt: Type.String({
      format: 'date-time',
      description: 'When the message was created (the event time; X-Message-Timestamp in ms).',
    }),
    payload: Type.String({
      description: 'The exact body every delivery of this message sends (the bytes signed).',
    }),
  },
  { $id: 'SubscriptionMessage' },
);
export type SubscriptionMessage = Static<typeof SubscriptionMessage>;

export const SubscriptionMessagePage = Page(Type.Ref(SubscriptionMessage));

export const ListSubscriptionMessagesQuery = Type.Object(
  {
    afterSequence: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        default: 0,
        description:
          'Only messages numbered above this one: the last sequence you processed without a gap.',
      }),
    ),
    limit: Type.Optional(PageQueryProperties.limit),
    cursor: Type.Optional(PageQueryProperties.cursor),
    direction: Type.Optional(PageQueryProperties.direction),
    sortOrder: Type.Optional(
      StringEnum(SORT_ORDERS, {
        default: 'ASCENDING',
        description: 'Order by sequence: ASCENDING (default, oldest first) or DESCENDING.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListSubscriptionMessagesQuery = Static<typeof ListSubscriptionMessagesQuery>;
