import {
  executionLogsRoutes,
  ExecutionLog,
  ExecutionLogSummary,
  eventCatalogRoutes,
  eventsFeedRoutes,
  EventsFeedService,
  FeedEvent,
  subscriptionsRoutes,
  Subscription,
  subscriptionHealthRoutes,
  listenRoutes,
  ListenService,
  type ListenSignal,
  listenForStreamWakeups,
  SubscriptionHealth,
  CreatedSubscription,
  RotatedSecret,
  SubscriptionSecret,
  SubscriptionMessage,
  subscriptionMessagesRoutes,
  webhooksSection,
} from './webhooks/index.js';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { buildServices, type ServiceDeps, type Services } from './app-services.js';
import type { Config } from './config/config.js';
import { notificationsUrl } from './db/notifications-url.js';
import {
  accountsRoutes,
  Account,
  balancesRoutes,
  BalanceSchema,
  StatementEntry,
  StatementPeriod,
  BalancesService,
} from './modules/accounts/index.js';
import {
  beneficiariesRoutes,
  Beneficiary,
  PaymentInstruction,
} from './modules/beneficiaries/index.js';
import { Operation, operationsRoutes } from './operations/index.js';
import { pixKeysRoutes } from './modules/pix/index.js';
import { quotesRoutes, Quote } from './modules/quotes/index.js';
import { ratesRoutes } from './modules/rates/index.js';
import { registerTracing } from './observability/tracing-http.js';
import { oauthRoutes } from './modules/oauth/index.js';
import { addAuthHook } from './plugins/auth.js';
import { addAdminAuthHook } from './plugins/admin-auth.js';
import { registerCustomerConcurrency } from './plugins/customer-concurrency.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerContentEncoding } from './plugins/content-encoding.js';
import { registerNoNul } from './plugins/no-nul.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerDraining } from './plugins/draining.js';
import { registerRouteMethods } from './plugins/method-not-allowed.js';
import { registerHttpProtocol } from './plugins/http-protocol.js';
import { registerHealth } from './plugins/health.js';
import { registerConditionalGet } from './plugins/conditional-get.js';
import { registerPacedWrites } from './plugins/paced-writes.js';
import { registerOpenApi } from './plugins/openapi.js';
import { Problem } from './plugins/problem.schema.js';
import { registerRequestId, requestIdFrom } from './plugins/request-id.js';
import { RequestLogController } from './plugins/request-log.js';
import { lazySerializers } from './plugins/lazy-serializers.js';
import { lazyChildLogger } from './plugins/lazy-child-logger.js';
import { registerStrictQuery, registerValidation } from './plugins/validation.js';
import { registerMetadataQuery } from './lib/metadata-query.js';
import type { PoolStats } from './db/create-db.js';
import { registerHttpMetrics } from './observability/http-metrics.js';
import { createMetricsScrape } from './observability/metrics-scrape.js';
import { railFigures, type Rail } from './rails/index.js';
import { registerMetricsRoute } from './observability/metrics-route.js';
import { SERVER_VERSION } from './config/package-version.js';
import { consoleAssetsDir, consoleRoutes } from './modules/console/index.js';

export interface AppDeps extends ServiceDeps {
  /** Fastify logger option; main.ts passes pino options, tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The pool's connections, for /metrics (DbHandle.poolStats); absent = not reported. */
  poolStats?: () => PoolStats | undefined;
}

/** Headers must arrive within this (or the request timeout, when shorter). */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past their timeouts. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Builds the HTTP application. It never listens: main.ts does, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createFastify(deps.config, deps.logger);
  const services = await buildServices(deps);
  await registerPlugins(app, deps, services.parts.rails);
  await startStreamWakeups(app, deps.config, services.listenSignal);
  await app.register(oauthRoutes, {
    oauth: services.oauth,
    tokenKey: deps.keys.token,
    config: deps.config,
  });
  await app.register(eventCatalogRoutes);
  // Everything under /v1 but the token endpoint sits in this scope, behind the auth hook.
  await app.register(async (v1) => registerV1(v1, deps, services));
  // The web console (docs/console.md): static files and its config, outside /v1 (no auth hook:
  // the app signs in itself, and calls the API with the token like any client).
  if (deps.config.console) {
    await app.register(consoleRoutes, {
      config: deps.config,
      dir: consoleAssetsDir(),
      version: SERVER_VERSION,
    });
  }
  await registerBackOffice(app, deps, services);
  // What outside systems call back (the PIX rail's PSP webhook), outside /v1: docs/rails.md.
  for (const rail of services.parts.rails) if (rail.routes) await app.register(rail.routes);
  return app;
}

/** The Fastify instance: logging, request ids, timeouts and limits, how errors before routing read. */
function createFastify(config: Config, logger: AppDeps['logger']) {
  return Fastify({
    logger: logger ?? false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    logController: new RequestLogController({ requestIdLogLabel: 'requestId' }),
    // The request's child logger is made on its first enabled log call (plugins/lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    // Response serializers are compiled on a route's first answer, not at start-up.
    schemaController: lazySerializers,
    // Errors before routing (bad URL, over-long path parameter, unparseable HTTP) are problem
    // documents with X-Request-Id too, not Fastify's own body.
    frameworkErrors,
    clientErrorHandler,
    http: {
      requireHostHeader: false, // plugins/http-protocol.ts checks Host itself
      // A request that never finishes arriving (slow headers or body) is answered 408 and its
      // connection closed, so it cannot hold a slot, or a shutdown, for ever. Node checks these
      // deadlines every `connectionsCheckingInterval` (30 s by default, which would double them).
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // plugins/draining.ts answers requests that arrive while closing, as problem documents.
    return503OnClosing: false,
    // The drain closes idle connections itself, one event-loop turn after it begins.
    forceCloseConnections: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
}

/** The schemas routes refer to by id ($ref), shared by the OpenAPI document and validation. */
const SHARED_SCHEMAS: TSchema[] = [
  Problem,
  Account,
  BalanceSchema,
  StatementEntry,
  StatementPeriod,
  Subscription,
  CreatedSubscription,
  SubscriptionSecret,
  RotatedSecret,
  SubscriptionHealth,
  ExecutionLog,
  ExecutionLogSummary,
  SubscriptionMessage,
  FeedEvent,
  PaymentInstruction,
  Beneficiary,
  Operation,
  Quote,
];

/** The cross-cutting plugins, in the order their hooks must run, and what every app serves. */
async function registerPlugins(
  app: FastifyInstance,
  deps: AppDeps,
  rails: readonly Rail[],
): Promise<void> {
  const { config, db, clock } = deps;
  // Bodies are JSON (and form on the token endpoint only); Fastify's default text/plain parser
  // would turn a wrong content type into a confusing validation error instead of a 415.
  app.removeContentTypeParser('text/plain');
  registerValidation(app, SHARED_SCHEMAS);
  registerStrictQuery(app);
  // `metadata[key]=value` list filters become `query.metadata` before validation.
  registerMetadataQuery(app);
  registerContentEncoding(app);
  registerNoNul(app);
  // JSON bodies: empty is none, nested at most 32 levels, an object, none where none is taken.
  registerJsonBody(app);
  registerDraining(app);
  registerHttpProtocol(app);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  registerRequestId(app);
  registerErrorHandling(app, registerRouteMethods(app));
  await registerOpenApi(app, config, webhooksSection());
  registerHealth(app, db);
  registerHttpMetrics(app);
  // With COFRE_METRICS_PORT the metrics have their own listener (main.ts) and are not served here.
  if (config.metrics.port === undefined) {
    registerMetricsRoute(
      app,
      createMetricsScrape({
        config,
        db,
        clock,
        logger: app.log,
        ...(deps.poolStats ? { poolStats: deps.poolStats } : {}),
        ...(rails.length > 0 ? { rails: () => railFigures(db, rails) } : {}),
      }),
    );
  }
  registerTracing(app);
}

/**
 * Where notifications reach other processes (PostgreSQL), the fan-outs, results and subscription
 * changes of every process wake this process's listen streams; the connection closes with the app.
 */
async function startStreamWakeups(
  app: FastifyInstance,
  config: Config,
  listenSignal: ListenSignal,
): Promise<void> {
  const url = notificationsUrl(config.database);
  if (url === undefined) return;
  const wakeups = await listenForStreamWakeups(
    url,
    listenSignal,
    {
      lost: (error) =>
        app.log.warn(
          { err: error },
          'listen-stream listener lost the database; reconnecting with backoff (streams poll meanwhile)',
        ),
      restored: (afterMs) => app.log.info({ afterMs }, 'listen-stream listener reconnected'),
    },
    { connectTimeoutMs: config.database.timeouts.connectMs },
  );
  app.addHook('onClose', async () => wakeups.close());
}

/** The /v1 scope: the auth hook, conditional GETs, and every resource's routes. */
async function registerV1(v1: FastifyInstance, deps: AppDeps, services: Services): Promise<void> {
  const { config, db, clock } = deps;
  const { idempotency, cursors, operations } = services;
  const { limiter } = services;
  if (limiter) {
    limiter.start((err) =>
      v1.log.warn({ err }, 'rate limit: counts not exchanged; limiting on this process alone'),
    );
    v1.addHook('onClose', async () => limiter.close());
  }
  addAuthHook(v1, { verifier: services.verifier, limiter });
  registerCustomerConcurrency(v1, services.customerSlots, services.customerLoopShare);
  registerConditionalGet(v1);
  registerPacedWrites(v1);
  await v1.register(accountsRoutes, { accounts: services.accounts, idempotency });
  await v1.register(balancesRoutes, { balances: new BalancesService({ db, cursors, clock }) });
  await v1.register(beneficiariesRoutes, { beneficiaries: services.beneficiaries, idempotency });
  await v1.register(operationsRoutes, { deps: operations, idempotency });
  await v1.register(ratesRoutes, { deps: operations, idempotency });
  await v1.register(quotesRoutes, { deps: operations, idempotency });
  await v1.register(pixKeysRoutes, { deps: operations, idempotency });
  await v1.register(subscriptionsRoutes, { subscriptions: services.subscriptions, idempotency });
  await v1.register(executionLogsRoutes, { logs: services.logs });
  await v1.register(subscriptionMessagesRoutes, { messages: services.messages });
  await v1.register(subscriptionHealthRoutes, { db });
  await v1.register(eventsFeedRoutes, { feed: new EventsFeedService(db, cursors) });
  const { dialect, listenSignal: signal } = services;
  await v1.register(listenRoutes, {
    listen: new ListenService({ db, dialect, clock, config, signal }),
    idempotency,
    db,
    clock,
    retryDelayMs: config.webhooks.retryDelayMs,
    hub: services.hub,
    safetyPollMs: config.listen.pollMs,
  });
}

/**
 * The back-office exists only with an admin token (docs/admin.md); otherwise its routes are
 * simply absent (404 ROUTE_NOT_FOUND). Its own scope and hook: no customer token gets in. Its
 * modules are imported only then: a process without the back-office does not load them (~30 ms
 * of a cold start, docs/performance.md "Start-up").
 */
async function registerBackOffice(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
): Promise<void> {
  const adminToken = deps.config.adminToken;
  if (adminToken === undefined) return;
  const { db, clock, config } = deps;
  const { queue, cursors, parts } = services;
  const { adminRoutes, adminServices } = await import('./modules/admin/index.js');
  const admin = adminServices({
    db,
    clock,
    queue,
    cursors,
    config,
    ratesAreSettable: parts.ratesAreSettable,
    operatorGuard: parts.operatorGuard,
    rails: parts.rails,
  });
  await app.register(async (scope) => {
    addAdminAuthHook(scope, adminToken);
    registerConditionalGet(scope);
    registerPacedWrites(scope);
    await scope.register(adminRoutes, admin);
  });
}
