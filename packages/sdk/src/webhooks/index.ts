/**
 * The receiver kit, on its own entry point (`@cofre/sdk/webhooks`): verify either signature
 * format, deduplicate through a durable store, run your handler, find gaps in a subscription's
 * sequence numbers, and sign test deliveries.
 *
 * @example
 * ```ts
 * import { createMemoryStore, createNodeWebhookHandler, createWebhookReceiver } from '@cofre/sdk/webhooks';
 * ```
 *
 * @packageDocumentation
 */
export {
  verifyWebhook,
  verifyWebhookMessage,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  type WebhookHeaders,
} from './verify-webhook.js';
export {
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './webhook-verification-error.js';
export { webhookKey } from './webhook-key.js';
export type { WebhookJwk, WebhookVerificationKey } from './verification-keys.js';
export {
  createSequenceTracker,
  type SequenceGap,
  type SequenceTracker,
  type SequenceTrackerOptions,
} from './sequence-tracker.js';
export { generateWebhookKeyPair } from './ed25519-test-key.js';
export {
  generateWebhookSecret,
  signTestWebhook,
  type SignedTestWebhook,
  type SignTestWebhookInput,
} from './sign-test-webhook.js';
export type { ClaimOutcome, StoredWebhook, WebhookStore } from './stores/webhook-store.js';
export { createMemoryStore } from './stores/memory-webhook-store.js';
export {
  createSqliteStore,
  type SqliteDatabase,
  type SqliteStatement,
  type SqliteStoreOptions,
} from './stores/sqlite-webhook-store.js';
export {
  createWebhookReceiver,
  type WebhookContext,
  type WebhookHandler,
  type WebhookReceipt,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './receiver/webhook-receiver.js';
export {
  createNodeWebhookHandler,
  type WebhookAdapterOptions,
} from './receiver/node-webhook-handler.js';
export {
  createExpressWebhookHandler,
  type ExpressLikeRequest,
} from './receiver/express-webhook-handler.js';
export {
  createFastifyWebhookHandler,
  fastifyWebhookRoute,
  type FastifyLikeInstance,
  type FastifyLikeReply,
  type FastifyLikeRequest,
} from './receiver/fastify-webhook-route.js';
export type { WebhookEvent, WebhookEventType } from '../types/webhook-event.js';
export type { SignatureFormat, SigningKey } from '../types/subscription.js';
