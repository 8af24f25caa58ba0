// The webhooks wing's public surface: what the rest of the server may use. Everything else under
// webhooks/ (delivery internals, repositories, signing details) is private to the wing.
//
// Writing an event (the outbox): services call recordEvent in their own transaction.
export { recordEvent, type EventInput } from './events/record-event.js';
export {
  EVENT_CATALOG,
  EVENT_TYPES,
  RESOURCE_NAMES,
  type EventType,
  type ResourceName,
} from './events/event-catalog.js';
export { webhooksSection } from './events/openapi-webhooks.js';

// Routes and services, composed in app.ts.
export { eventCatalogRoutes } from './events/event-catalog.routes.js';
export { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';
export { Subscription } from './subscriptions/subscriptions.schemas.js';
export {
  CreatedSubscription,
  RotatedSecret,
  SubscriptionSecret,
} from './subscriptions/subscriptions.schemas.js';
export { SubscriptionsService } from './subscriptions/subscriptions.service.js';
export { executionLogsRoutes } from './execution-logs/execution-logs.routes.js';
export { ExecutionLog, ExecutionLogSummary } from './execution-logs/execution-logs.schemas.js';
export { ExecutionLogsService } from './execution-logs/execution-logs.service.js';
export { subscriptionMessagesRoutes } from './messages/subscription-messages.routes.js';
export { SubscriptionMessage } from './messages/subscription-messages.schemas.js';
export { SubscriptionMessagesService } from './messages/subscription-messages.service.js';
export { subscriptionHealthRoutes } from './health/subscription-health.routes.js';
export { eventsFeedRoutes } from './events/events-feed.routes.js';
export { FeedEvent } from './events/events-feed.schemas.js';
export { EventsFeedService } from './events/events-feed.service.js';
export { SubscriptionHealth } from './health/subscription-health.schemas.js';
export { listenRoutes } from './listen/listen.routes.js';
export { ListenService } from './listen/listen.service.js';
export { ListenHub } from './listen/listen-hub.js';
export { ListenSignal } from './listen/listen-signal.js';
export { listenForStreamWakeups } from './listen/listen-notifications.js';

// Delivery, composed in worker.ts.
export { ContextPrefetch } from './delivery/context-prefetch.js';
export { attemptHandler, resendHandler } from './delivery/delivery-handlers.js';
export { eventRetentionStep, scheduleEventRetention } from './events/event-retention.job.js';
export { fanOutHandler } from './events/fan-out.js';
export { autoDisableHandler } from './health/auto-disable.job.js';
export { createGuardedAgent } from './delivery/guarded-agent.js';
export { signMessage } from './signing/signing.js';
// The headers of one attempt, in either signature format (also for `cofre listen`).
export { attemptHeaders, signStandardWebhook } from './signing/attempt-headers.js';
export {
  SIGNATURE_FORMATS,
  isSignatureFormat,
  type SignatureFormat,
} from './signing/signature-formats.js';
export {
  generateSubscriptionSecret,
  secretFromKey,
  secretKey,
  signingSecretsAt,
  type StoredSecrets,
} from './signing/subscription-secret.js';

// Table types, for the database's Tables type.
export type { EventsTable } from './events/events.table.js';
export type { MessagesTable } from './messages/messages.table.js';
export type { ExecutionLogsTable } from './execution-logs/execution-logs.table.js';
export type { SubscriptionsTable } from './subscriptions/subscriptions.table.js';
export type { SubscriptionHealthTable } from './health/subscription-health.table.js';
export type { SubscriptionSecretsTable } from './subscriptions/subscription-secrets.table.js';
