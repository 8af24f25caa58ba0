import type { components, paths } from '../generated/openapi-types.js';

/**
 * A webhook subscription as the API returns it (`GET /v1/subscriptions/{id}`).
 *
 * @example
 * ```ts
 * const sub = await client.request<Subscription>({ method: 'GET', path: `/v1/subscriptions/${id}` });
 * ```
 */
export type Subscription = components['schemas']['Subscription'];

/**
 * The body of `POST /v1/subscriptions`.
 *
 * @example
 * ```ts
 * const input: CreateSubscriptionInput = {
 *   url: 'https://hooks.example.com/cofre',
 *   resources: [{ name: 'ACCOUNT', includeAll: true }],
 *   allowRetry: true,
 * };
 * ```
 */
export type CreateSubscriptionInput =
  paths['/v1/subscriptions']['post']['requestBody']['content']['application/json'];

/**
 * The body of `PATCH /v1/subscriptions/{id}`: any subset of the fields.
 *
 * @example
 * ```ts
 * const pause: UpdateSubscriptionInput = { status: 'PAUSED' };
 * ```
 */
export type UpdateSubscriptionInput = NonNullable<
  paths['/v1/subscriptions/{subscriptionId}']['patch']['requestBody']
>['content']['application/json'];
