import type { operations, webhooks } from '../generated/openapi-types.js';

/**
 * Every event type a webhook can carry (the `webhooks` of the server's OpenAPI document).
 *
 * @example
 * ```ts
 * const type: WebhookEventType = 'ACCOUNT_ASSET_ACTIVATED';
 * ```
 */
export type WebhookEventType = keyof webhooks;

/**
 * The body of one webhook delivery, narrowed by `type`: `{ id, type, resource, atTime, data }`,
 * where `data` is the resource as the API showed it when the event happened.
 *
 * @example
 * ```ts
 * const event = verifyWebhook(rawBody, req.headers, secret);
 * if (event.type === 'ACCOUNT_ASSET_ACTIVATED') console.log(event.data.id, event.data.asset);
 * ```
 */
export type WebhookEvent = {
  [E in WebhookEventType]: operations[`webhook_${E}`]['requestBody']['content']['application/json'];
}[WebhookEventType];
