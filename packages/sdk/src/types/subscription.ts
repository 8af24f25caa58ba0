import type { components, paths } from '../generated/openapi-types.js';
import { everyMemberOf } from './every-member-of.js';

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
 * How a subscription's deliveries are signed (docs/webhooks.md "Signature formats"): `cofre`
 * (`X-Message-Id`, `X-Message-Timestamp`, `X-Message-Signature: v1=<hex>`, the default) or
 * `standard-webhooks` (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`,
 * verifiable by the stock Standard Webhooks libraries).
 *
 * @example
 * ```ts
 * const format: SignatureFormat = 'standard-webhooks';
 * ```
 */
export type SignatureFormat = (typeof SIGNATURE_FORMATS)[number];

/**
 * Every signature format, for validation and menus.
 *
 * @example
 * ```ts
 * if (!SIGNATURE_FORMATS.includes(input)) throw new Error('unknown format');
 * ```
 */
export const SIGNATURE_FORMATS = everyMemberOf<Subscription['signatureFormat']>()([
  'cofre',
  'standard-webhooks',
] as const);

/**
 * Which key signs a subscription's deliveries (docs/webhooks.md "Signing with the client
 * secret"): `subscription-secret` (the default), its own `whsec_…` secret; or `client-secret`,
 * the key derived from the API client's secret, so a receiver holding the client secret
 * verifies with it (`verifyWebhook(body, headers, clientSecret)`); or `ed25519`, the
 * subscription's own Ed25519 key pair (standard-webhooks format only, `v1a,` signatures): no
 * secret exists, a receiver verifies with `subscription.publicKey` (`whpk_…`) or
 * `subscriptions.keys(id)` (docs/webhooks.md "Ed25519 signatures").
 *
 * @example
 * ```ts
 * const sub = await client.subscriptions.create({ url, includeAll: true, signingKey: 'client-secret' });
 * ```
 */
export type SigningKey = (typeof SIGNING_KEYS)[number];

/**
 * Every signing key choice, for validation and menus.
 *
 * @example
 * ```ts
 * if (!SIGNING_KEYS.includes(input)) throw new Error('unknown signing key');
 * ```
 */
export const SIGNING_KEYS = everyMemberOf<Subscription['signingKey']>()([
  'subscription-secret',
  'client-secret',
  'ed25519',
] as const);

/**
 * Every subscription status: `ACTIVE` sends; `PAUSED` (by its owner) and `DISABLED` (by the
 * server, after failing for COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS; `disabled` says when and why)
 * hold new messages until `update(id, { status: 'ACTIVE' })` releases them in order
 * (docs/webhooks.md "Delivery alerts").
 *
 * @example
 * ```ts
 * const sub = await client.subscriptions.get(id);
 * if (sub.status === 'DISABLED') console.log(sub.disabled?.reason);
 * ```
 */
export const SUBSCRIPTION_STATUSES = everyMemberOf<Subscription['status']>()([
  'ACTIVE',
  'PAUSED',
  'DISABLED',
] as const);

/**
 * One message of a subscription as `GET /v1/subscriptions/{id}/messages` lists it: its id (the
 * deliveries' `X-Message-Id` / `webhook-id`), its `sequence` (`X-Message-Sequence`), event id and
 * type, resource, status, creation time and the exact body (`payload`) every delivery sends.
 *
 * @example
 * ```ts
 * for await (const m of client.subscriptions.iterateMessages(id, { afterSequence: 41 })) {
 *   await handle(m.id, JSON.parse(m.payload));
 * }
 * ```
 */
export type SubscriptionMessage = components['schemas']['SubscriptionMessage'];

/**
 * The query of `GET /v1/subscriptions/{id}/messages`: `afterSequence` (only messages numbered
 * above it) plus the page parameters; oldest first unless `sortOrder: 'DESCENDING'`.
 *
 * @example
 * ```ts
 * const query: ListSubscriptionMessagesQuery = { afterSequence: 41, limit: 100 };
 * ```
 */
export type ListSubscriptionMessagesQuery = NonNullable<
  paths['/v1/subscriptions/{subscriptionId}/messages']['get']['parameters']['query']
>;

/**
 * What `subscriptions.iterateMessages` filters on: the messages query without the cursor.
 *
 * @example
 * ```ts
 * const filters: SubscriptionMessageFilters = { afterSequence: tracker.contiguousThrough };
 * ```
 */
export type SubscriptionMessageFilters = Omit<
  ListSubscriptionMessagesQuery,
  'cursor' | 'direction'
>;

/**
 * The answer to `POST /v1/subscriptions`: the subscription and its signing secret
 * (`whsec_<base64>`), shown in full only here and by `subscriptions.secret(id)`.
 *
 * @example
 * ```ts
 * const { id, secret } = await client.subscriptions.create({ url, includeAll: true });
 * await saveSecret(id, secret);
 * ```
 */
export type CreatedSubscription = components['schemas']['CreatedSubscription'];

/**
 * A subscription's current signing secret (`GET /v1/subscriptions/{id}/secret`); during a
 * rotation window `previousSecretExpiresAt` says until when the previous one still signs too.
 *
 * @example
 * ```ts
 * const { secret, previousSecretExpiresAt } = await client.subscriptions.secret(id);
 * ```
 */
export type SubscriptionSecret = components['schemas']['SubscriptionSecret'];

/**
 * The answer to `POST /v1/subscriptions/{id}/secret/rotate`: the new secret, and when the
 * previous one stops signing (until then every delivery carries a signature with each).
 *
 * @example
 * ```ts
 * const rotated: RotatedSubscriptionSecret = await client.subscriptions.rotateSecret(id);
 * console.log(`deploy ${rotated.secret} before ${rotated.previousSecretExpiresAt}`);
 * ```
 */
export type RotatedSubscriptionSecret = components['schemas']['RotatedSecret'];

/**
 * The public keys of an Ed25519 subscription as a JWKS (`GET /v1/subscriptions/{id}/keys`): the
 * current key first, and during a rotation window the one it replaced. Pass it as it is to
 * `verifyWebhook` or `createWebhookReceiver({ secret })`.
 *
 * @example
 * ```ts
 * const jwks: SubscriptionKeys = await client.subscriptions.keys(id);
 * const event = verifyWebhook(rawBody, req.headers, jwks);
 * ```
 */
export type SubscriptionKeys =
  paths['/v1/subscriptions/{subscriptionId}/keys']['get']['responses'][200]['content']['application/json'];

/**
 * Options of a secret rotation: how long the current secret keeps signing alongside the new
 * one, in seconds (the server's default window when absent; 0 retires it at once).
 *
 * @example
 * ```ts
 * const input: RotateSecretInput = { expireCurrentInSeconds: 3600 };
 * ```
 */
export type RotateSecretInput = NonNullable<
  paths['/v1/subscriptions/{subscriptionId}/secret/rotate']['post']['requestBody']
>['content']['application/json'];

/**
 * The filters of `GET /v1/subscriptions` plus the page parameters.
 *
 * @example
 * ```ts
 * const query: ListSubscriptionsQuery = { status: 'PAUSED', limit: 50 };
 * ```
 */
export type ListSubscriptionsQuery = NonNullable<
  paths['/v1/subscriptions']['get']['parameters']['query']
>;

/**
 * What `subscriptions.iterate` filters on: the list query without the cursor.
 *
 * @example
 * ```ts
 * for await (const sub of client.subscriptions.iterate({ status: 'ACTIVE' })) console.log(sub.url);
 * ```
 */
export type SubscriptionFilters = Omit<ListSubscriptionsQuery, 'cursor' | 'direction'>;

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
  paths['/v1/subscriptions']['post']['requestBody']['content']['application/json'] & {
    /** Default `cofre`. Fixed at creation. */
    signatureFormat?: SignatureFormat | undefined;
  };

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
