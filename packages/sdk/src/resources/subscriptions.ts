import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { SubscriptionHealth } from '../types/subscription.js';

/**
 * Webhook subscriptions. Reach it as `client.subscriptions`; other subscription endpoints are
 * reachable through `client.request` until this resource wraps them.
 *
 * @example
 * ```ts
 * const health = await client.subscriptions.health('sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ');
 * console.log(health.pendingMessages, health.failedMessages, health.lastFailure?.error);
 * ```
 */
export class SubscriptionsResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * A subscription's delivery health (`GET /v1/subscriptions/{id}/health`): pending and failed
   * message counts, the last success and the last failure with its error, and the failed
   * attempts since the last success. Cheap to poll, whatever the subscription's history. Another
   * customer's or an unknown subscription is a `CofreApiError` with code `RESOURCE_NOT_FOUND`.
   *
   * @example
   * ```ts
   * const h = await client.subscriptions.health(subscriptionId);
   * if (h.consecutiveFailures > 0)
   *   console.warn(`failing since ${h.lastSuccess?.at ?? 'the start'}: ${h.lastFailure?.error}`);
   * ```
   */
  health(
    subscriptionId: string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<SubscriptionHealth> {
    if (subscriptionId === '') throw new TypeError('subscriptionId must not be empty');
    return this.core.request<SubscriptionHealth>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/health`,
    });
  }
}
