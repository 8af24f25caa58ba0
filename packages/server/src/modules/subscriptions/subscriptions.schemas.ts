import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES, RESOURCE_NAMES } from '../../events/event-catalog.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { StringEnum } from '../../lib/schema.js';
import { SUBSCRIPTION_STATUSES } from './subscriptions.table.js';

export const ResourceNameSchema = StringEnum(RESOURCE_NAMES, {
  description: 'ACCOUNT, BENEFICIARY or OPERATION.',
});
export const EventTypeSchema = StringEnum(EVENT_TYPES);

export const ResourceSelection = Type.Object(
  {
    name: ResourceNameSchema,
    includeAll: Type.Optional(
      Type.Boolean({ default: false, description: 'Every event of this resource.' }),
    ),
    events: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 50,
        uniqueItems: true,
        description: 'Event types of this resource.',
      }),
    ),
  },
  { additionalProperties: false },
);

const url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Public HTTPS callback URL.',
});
const resources = Type.Array(ResourceSelection, {
  maxItems: RESOURCE_NAMES.length,
  description: 'Replaces the whole selection when patched.',
});

export const CreateSubscriptionBody = Type.Object(
  {
    url,
    includeAll: Type.Optional(
      Type.Boolean({ default: false, description: 'Every event of every resource.' }),
    ),
    resources: Type.Optional(resources),
    allowRetry: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Retry failed deliveries (fixed delay, bounded count).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBody>;

export const PatchSubscriptionBody = Type.Object(
  {
    url: Type.Optional(url),
    includeAll: Type.Optional(Type.Boolean()),
    resources: Type.Optional(resources),
    allowRetry: Type.Optional(Type.Boolean()),
    status: Type.Optional(
      StringEnum(SUBSCRIPTION_STATUSES, {
        description: 'PAUSED holds deliveries; ACTIVE sends them, oldest first.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchSubscriptionBody = Static<typeof PatchSubscriptionBody>;

export const Subscription = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    includeAll: Type.Boolean(),
    resources: Type.Array(
      Type.Object({
        name: ResourceNameSchema,
        includeAll: Type.Boolean(),
        events: Type.Array(EventTypeSchema),
      }),
    ),
    allowRetry: Type.Boolean(),
    status: StringEnum(SUBSCRIPTION_STATUSES),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Subscription' },
);
export type Subscription = Static<typeof Subscription>;

export const SubscriptionPage = Page(Type.Ref(Subscription));

export const ListSubscriptionsQuery = ListQuery({
  status: Type.Optional(StringEnum(SUBSCRIPTION_STATUSES)),
});
export type ListSubscriptionsQuery = Static<typeof ListSubscriptionsQuery>;

export const SubscriptionParams = Type.Object({
  subscriptionId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const EventCatalog = Type.Object({
  resources: Type.Array(
    Type.Object({
      name: ResourceNameSchema,
      events: Type.Array(Type.Object({ type: EventTypeSchema, description: Type.String() })),
    }),
  ),
});
