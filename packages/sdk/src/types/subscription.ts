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

/**
 * A subscription's delivery health (`GET /v1/subscriptions/{id}/health`): messages not delivered
 * yet (`pendingMessages`, held ones included, counted up to 10,000: `pendingMessagesCapped`
 * says when there are more) and given up on (`failedMessages`), the last
 * success, the last failure with its HTTP status and error, and the failed attempts since the
 * last success (`consecutiveFailures`).
 *
 * @example
 * ```ts
 * const health: SubscriptionHealth = await client.subscriptions.health(id);
 * if (health.consecutiveFailures >= 5) console.warn(health.lastFailure?.error);
 * ```
 */
export type SubscriptionHealth = components['schemas']['SubscriptionHealth'];
