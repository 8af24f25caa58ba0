import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Page } from '../pagination/page.js';
import { paginate } from '../pagination/paginate.js';
import type { RecoverInput, RecoverResult } from '../types/execution-log.js';
import type {
  CreatedSubscription,
  CreateSubscriptionInput,
  ListSubscriptionsQuery,
  RotatedSubscriptionSecret,
  RotateSecretInput,
  Subscription,
  SubscriptionFilters,
  ListSubscriptionMessagesQuery,
  SubscriptionHealth,
  SubscriptionKeys,
  SubscriptionMessage,
  SubscriptionMessageFilters,
  SubscriptionSecret,
  UpdateSubscriptionInput,
} from '../types/subscription.js';
import { segment } from './path-segment.js';

type Signal = Pick<RequestOptions, 'signal'>;

/**
 * Webhook subscriptions (docs/webhooks.md): create, read, list, update, delete; their signing
 * secret and its rotation; delivery health; and recover (re-queue what failed since a time).
 * Reach it as `client.subscriptions`; the attempts themselves are `client.executionLogs`.
 *
 * @example
 * ```ts
 * const sub = await client.subscriptions.create({
 *   url: 'https://hooks.example.com/cofre',
 *   includeAll: true,
 *   allowRetry: true,
 *   signatureFormat: 'standard-webhooks',
 * });
 * await secrets.put(sub.id, sub.secret); // shown here once; `secret(id)` reads it again
 * const health = await client.subscriptions.health(sub.id);
 * ```
 */
export class SubscriptionsResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Creates a subscription (`POST /v1/subscriptions`) and returns it with its signing secret
   * (`whsec_…`). Sends `options.idempotencyKey`, or a random one, as `Idempotency-Key`.
   *
   * @example
   * ```ts
   * const { id, secret } = await client.subscriptions.create({ url, resources: [{ name: 'OPERATION', includeAll: true }] });
   * ```
   */
  create(
    input: CreateSubscriptionInput,
    options: RequestOptions = {},
  ): Promise<CreatedSubscription> {
    return this.core.request<CreatedSubscription>({
      ...options,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      method: 'POST',
      path: '/v1/subscriptions',
      body: input,
    });
  }

  /**
   * Reads one subscription (`GET /v1/subscriptions/{id}`); another customer's is a 404.
   *
   * @example
   * ```ts
   * const sub = await client.subscriptions.get('sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ');
   * ```
   */
  get(subscriptionId: string, options: Signal = {}): Promise<Subscription> {
    return this.core.request<Subscription>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}`,
    });
  }

  /**
   * Reads one page of subscriptions (`GET /v1/subscriptions`), newest first by default.
   *
   * @example
   * ```ts
   * const page = await client.subscriptions.list({ status: 'PAUSED' });
   * ```
   */
  list(query: ListSubscriptionsQuery = {}, options: Signal = {}): Promise<Page<Subscription>> {
    const { limit, cursor, direction, sortOrder, status, metadata } = query;
    return this.core.request<Page<Subscription>>({
      ...options,
      method: 'GET',
      path: '/v1/subscriptions',
      query: { limit, cursor, direction, sortOrder, status, metadata },
    });
  }

  /**
   * Every subscription matching `filters`, across all pages, each once, in list order.
   *
   * @example
   * ```ts
   * for await (const sub of client.subscriptions.iterate({ status: 'ACTIVE' })) console.log(sub.url);
   * ```
   */
  iterate(
    filters: SubscriptionFilters = {},
    options: Signal = {},
  ): AsyncGenerator<Subscription, void, undefined> {
    return paginate((cursor) => this.list({ ...filters, cursor }, options));
  }

  /**
   * Changes any subset of a subscription (`PATCH /v1/subscriptions/{id}`): `resources`
   * replaces the selection; `status: 'PAUSED'` holds deliveries, `'ACTIVE'` sends them.
   *
   * @example
   * ```ts
   * await client.subscriptions.update(id, { status: 'PAUSED' });
   * ```
   */
  update(
    subscriptionId: string,
    input: UpdateSubscriptionInput,
    options: Signal = {},
  ): Promise<Subscription> {
    return this.core.request<Subscription>({
      ...options,
      method: 'PATCH',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}`,
      body: input,
    });
  }

  /**
   * Deletes a subscription (`DELETE /v1/subscriptions/{id}`); its pending messages are not sent.
   *
   * @example
   * ```ts
   * await client.subscriptions.delete(id);
   * ```
   */
  async delete(subscriptionId: string, options: Signal = {}): Promise<void> {
    await this.core.request<undefined>({
      ...options,
      method: 'DELETE',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}`,
    });
  }

  /**
   * The subscription's current signing secret (`GET /v1/subscriptions/{id}/secret`), and during
   * a rotation window when the previous one stops signing.
   *
   * @example
   * ```ts
   * const { secret } = await client.subscriptions.secret(id);
   * const event = verifyWebhook(rawBody, req.headers, secret);
   * ```
   */
  secret(subscriptionId: string, options: Signal = {}): Promise<SubscriptionSecret> {
    return this.core.request<SubscriptionSecret>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/secret`,
    });
  }

  /**
   * The public keys of a subscription signing with Ed25519 (`GET /v1/subscriptions/{id}/keys`),
   * a JWKS that `verifyWebhook` takes as the key; empty for an HMAC subscription.
   *
   * @example
   * ```ts
   * const jwks = await client.subscriptions.keys(id);
   * const event = verifyWebhook(rawBody, req.headers, jwks);
   * ```
   */
  keys(subscriptionId: string, options: Signal = {}): Promise<SubscriptionKeys> {
    return this.core.request<SubscriptionKeys>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/keys`,
    });
  }

  /**
   * Issues a new signing secret (`POST /v1/subscriptions/{id}/secret/rotate`). Until
   * `previousSecretExpiresAt` every delivery is signed with both, so deploy the new secret to
   * the receiver within that window (`input.expireCurrentInSeconds` sets it; 0 ends it now).
   * Not retried on a network failure (a second rotation would retire the secret just issued);
   * read `secret(id)` to find out whether it happened. With `signingKey: 'ed25519'` it makes a
   * new key pair instead: the answer has its `publicKey` and `keyId` (never a private key).
   *
   * @example
   * ```ts
   * const { secret, previousSecretExpiresAt } = await client.subscriptions.rotateSecret(id, { expireCurrentInSeconds: 3600 });
   * ```
   */
  rotateSecret(
    subscriptionId: string,
    input: RotateSecretInput = {},
    options: Signal = {},
  ): Promise<RotatedSubscriptionSecret> {
    return this.core.request<RotatedSubscriptionSecret>({
      ...options,
      method: 'POST',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/secret/rotate`,
      body: input.expireCurrentInSeconds === undefined ? {} : input,
    });
  }

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
  health(subscriptionId: string, options: Signal = {}): Promise<SubscriptionHealth> {
    return this.core.request<SubscriptionHealth>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/health`,
    });
  }

  /**
   * One page of the subscription's messages by sequence number
   * (`GET /v1/subscriptions/{id}/messages`), oldest first, those numbered above
   * `query.afterSequence`: each with its id, `sequence`, event type and exact body. What a
   * receiver fetches when `X-Message-Sequence` shows a gap (`createSequenceTracker`). A number
   * missing from the list was deleted by the server's event retention.
   *
   * @example
   * ```ts
   * const page = await client.subscriptions.messages(id, { afterSequence: 41, limit: 100 });
   * ```
   */
  messages(
    subscriptionId: string,
    query: ListSubscriptionMessagesQuery = {},
    options: Signal = {},
  ): Promise<Page<SubscriptionMessage>> {
    const { limit, cursor, direction, sortOrder, afterSequence } = query;
    return this.core.request<Page<SubscriptionMessage>>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/messages`,
      query: { limit, cursor, direction, sortOrder, afterSequence },
    });
  }

  /**
   * Every message numbered above `filters.afterSequence`, across all pages, in sequence order.
   *
   * @example
   * ```ts
   * for await (const m of client.subscriptions.iterateMessages(id, { afterSequence: 41 })) {
   *   if (!(await store.seen(m.id))) await process(JSON.parse(m.payload));
   * }
   * ```
   */
  iterateMessages(
    subscriptionId: string,
    filters: SubscriptionMessageFilters = {},
    options: Signal = {},
  ): AsyncGenerator<SubscriptionMessage, void, undefined> {
    return paginate((cursor) => this.messages(subscriptionId, { ...filters, cursor }, options));
  }

  /**
   * Queues again every message of the subscription whose last attempt failed at or after
   * `input.since` (`POST /v1/subscriptions/{id}/recover`) and says how many. Each is sent byte
   * for byte as before (same message id, so receivers deduplicate).
   *
   * @example
   * ```ts
   * const { queued } = await client.subscriptions.recover(id, { since: '2026-11-22T00:00:00Z' });
   * ```
   */
  recover(
    subscriptionId: string,
    input: RecoverInput,
    options: Signal = {},
  ): Promise<RecoverResult> {
    return this.core.request<RecoverResult>({
      ...options,
      method: 'POST',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/recover`,
      body: input,
    });
  }
}
