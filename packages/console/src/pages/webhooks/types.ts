import type { components, paths } from '@cofre/sdk/openapi';

/** The webhooks API's shapes, from the SDK's generated OpenAPI types (one source). */
export type Subscription = components['schemas']['Subscription'];
export type CreatedSubscription = components['schemas']['CreatedSubscription'];
export type SubscriptionSecret = components['schemas']['SubscriptionSecret'];
export type RotatedSecret = components['schemas']['RotatedSecret'];
export type SubscriptionHealth = components['schemas']['SubscriptionHealth'];
export type ExecutionLog = components['schemas']['ExecutionLog'];
export type ExecutionLogSummary = components['schemas']['ExecutionLogSummary'];
export type FeedEvent = components['schemas']['FeedEvent'];
export type Delivery = FeedEvent['deliveries'][number];

export type EventType = ExecutionLog['eventType'];
export type ResourceName = Subscription['resources'][number]['name'];
export type SignatureFormat = Subscription['signatureFormat'];
export type Catalogue =
  paths['/v1/events/types']['get']['responses'][200]['content']['application/json'];

export type CreateSubscriptionBody = NonNullable<
  paths['/v1/subscriptions']['post']['requestBody']
>['content']['application/json'];
export type UpdateSubscriptionBody = NonNullable<
  paths['/v1/subscriptions/{subscriptionId}']['patch']['requestBody']
>['content']['application/json'];

/** The spec's list envelope (docs/api.md "Pagination"). */
export interface ListPage<T> {
  data: T[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

/** Where a page of a list starts: the first page, or a cursor and its direction. */
export type { PagePosition } from '../../lib/query.js';

export const SIGNATURE_FORMATS = [
  'cofre',
  'standard-webhooks',
] as const satisfies readonly SignatureFormat[];
