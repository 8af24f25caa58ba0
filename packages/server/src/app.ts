import {
  executionLogsRoutes,
  ExecutionLog,
  ExecutionLogSummary,
  ExecutionLogsService,
  eventCatalogRoutes,
  eventsFeedRoutes,
  EventsFeedService,
  FeedEvent,
  subscriptionsRoutes,
  Subscription,
  SubscriptionsService,
  subscriptionHealthRoutes,
  listenRoutes,
  ListenService,
  ListenHub,
  ListenSignal,
  listenForStreamWakeups,
  SubscriptionHealth,
  CreatedSubscription,
  RotatedSecret,
  SubscriptionSecret,
  webhooksSection,
} from './webhooks/index.js';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config/config.js';
import type { Db, Engine } from './db/database.js';
import { dialectFor } from './db/dialect.js';
import type { Clock } from './lib/clock.js';
import { CursorCodec } from './lib/cursor.js';
import { TokenBucketLimiter } from './lib/rate-limiter.js';
import {
  accountsRoutes,
  Account,
  AccountsService,
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
  BeneficiariesService,
} from './modules/beneficiaries/index.js';
import { Operation, operationsRoutes, type OperationDeps } from './operations/index.js';
import { pixKeysRoutes } from './modules/pix/index.js';
import { adminRoutes, adminServices } from './modules/admin/index.js';
import { quotesRoutes, Quote } from './modules/quotes/index.js';
import { ratesRoutes } from './modules/rates/index.js';
import { environmentParts } from './environment-parts.js';
import type { Resolver } from './lib/url-guard.js';
import { JobQueue, JobSignal } from './jobs/index.js';
import { IdempotencyService } from './modules/idempotency/index.js';
import { registerTracing } from './observability/tracing-http.js';
import type { Keys } from './modules/keys/index.js';
import {
  ClientStateCache,
  oauthRoutes,
  OAuthService,
  TokenIssuer,
  TokenVerifier,
} from './modules/oauth/index.js';
import { addAuthHook } from './plugins/auth.js';
import { addAdminAuthHook } from './plugins/admin-auth.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerContentEncoding } from './plugins/content-encoding.js';
import { registerNoNul } from './plugins/no-nul.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerDraining } from './plugins/draining.js';
import { registerRouteMethods } from './plugins/method-not-allowed.js';
import { registerHttpProtocol } from './plugins/http-protocol.js';
import { registerHealth } from './plugins/health.js';
import { registerConditionalGet } from './plugins/conditional-get.js';
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
import { registerMetricsRoute } from './observability/metrics-route.js';
import { SERVER_VERSION } from './config/package-version.js';
import { consoleAssetsDir, consoleRoutes } from './modules/console/index.js';

export interface AppDeps {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  keys: Keys;
  /** Fastify logger option; main.ts passes pino options, tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Wakes this process's worker when a transaction queues work; shared with it in `serve`. */
  signal?: JobSignal;
  /** Wakes this process's listen streams; shared with the worker in `serve` (its fan-out). */
  listenSignal?: ListenSignal;
  /** DNS used to check callback URLs; tests inject one. */
  resolve?: Resolver;
  /** The pool's connections, for /metrics (DbHandle.poolStats); absent = not reported. */
  poolStats?: () => PoolStats | undefined;
  /**
   * The most candidates a metadata-filtered page examines (db/metadata-filter.ts); absent = its
   * documented 1,000. Tests set a small one to page past it without thousands of rows.
   */
  metadataFilterCandidates?: number;
}

/** Headers must arrive within this (or the request timeout, when shorter). */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past their timeouts. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Builds the HTTP application. It never listens: main.ts does, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, keys } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
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

  // Bodies are JSON (and form on the token endpoint only); Fastify's default text/plain parser
  // would turn a wrong content type into a confusing validation error instead of a 415.
  app.removeContentTypeParser('text/plain');
  const shared: TSchema[] = [
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
    FeedEvent,
    PaymentInstruction,
    Beneficiary,
    Operation,
    Quote,
  ];
  registerValidation(app, shared);
  registerStrictQuery(app);
  // `metadata[key]=value` list filters become `query.metadata` before validation.
  registerMetadataQuery(app);
  registerContentEncoding(app);
  registerNoNul(app);
  // JSON bodies: empty is none, nested at most 32 levels, an object, none where none is taken.
  registerJsonBody(app);
  registerDraining(app);
  registerHttpProtocol(app);
  for (const schema of shared) app.addSchema(schema);
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
      }),
    );
  }
  registerTracing(app);

  const cursors = new CursorCodec(keys.cursorKey);
  const clientState = new ClientStateCache(db, clock, config.tokens.clientStateTtlMs);
  const verifier = new TokenVerifier(keys.token, config, clock, clientState);
  const oauth = new OAuthService(db, config, clock, new TokenIssuer(keys.token, config, clock));
  const limiter =
    config.rateLimit.requestsPerMinute > 0
      ? new TokenBucketLimiter(config.rateLimit.requestsPerMinute, 60_000, clock)
      : undefined;

  const dialect = dialectFor(deps.engine);
  const queue = new JobQueue(db, dialect, clock, deps.signal ?? new JobSignal());
  const idempotency = new IdempotencyService(db, clock, config.idempotencyTtlMs);
  // The one place sandbox or production parts are chosen (environment-parts.ts).
  const parts = environmentParts(config, { queue, clock });
  const { metadataFilterCandidates } = deps;
  const accounts = new AccountsService({
    db,
    clock,
    cursors,
    queue,
    lifecycle: parts.accounts,
    metadataFilterCandidates,
  });
  const beneficiaries = new BeneficiariesService({
    db,
    clock,
    cursors,
    queue,
    review: parts.instructions,
    metadataFilterCandidates,
  });
  // The operations wing, quotes, rates and PIX key look-ups share one set of dependencies.
  const operations: OperationDeps = {
    db,
    dialect,
    clock,
    cursors,
    queue,
    scheduler: parts.operations,
    rates: parts.rates,
    pixDirectory: parts.pixDirectory,
    fees: config.exchange.fees,
    quoteTtlMs: config.exchange.quoteTtlMs,
    orderCheckIntervalMs: config.exchange.orderCheckIntervalMs,
    depositTtlMs: parts.depositTtlMs,
    metadataFilterCandidates,
  };
  // `cofre listen` streams: counted and woken by one hub per process (docs/webhooks.md section 6).
  const listenSignal = deps.listenSignal ?? new ListenSignal();
  const hub = new ListenHub(
    { perCustomer: config.listen.maxStreamsPerCustomer, perProcess: config.listen.maxStreams },
    listenSignal,
  );
  if (dialect.notifiesOtherProcesses && config.database.engine === 'postgres') {
    // Fan-outs, results and subscription changes of every process wake this process's streams.
    const wakeups = await listenForStreamWakeups(
      config.database.url,
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
  const subscriptions = new SubscriptionsService({
    db,
    dialect,
    clock,
    cursors,
    queue,
    config,
    resolve: deps.resolve,
    listenSignal,
    metadataFilterCandidates,
  });
  const logs = new ExecutionLogsService(db, clock, cursors, queue);

  await app.register(oauthRoutes, { oauth, tokenKey: keys.token, config });
  await app.register(eventCatalogRoutes);
  // Everything under /v1 but the token endpoint sits in this scope, behind the auth hook.
  await app.register(async (v1) => {
    addAuthHook(v1, { verifier, limiter });
    registerConditionalGet(v1);
    await v1.register(accountsRoutes, { accounts, idempotency });
    await v1.register(balancesRoutes, { balances: new BalancesService({ db, cursors, clock }) });
    await v1.register(beneficiariesRoutes, { beneficiaries, idempotency });
    await v1.register(operationsRoutes, { deps: operations, idempotency });
    await v1.register(ratesRoutes, { deps: operations, idempotency });
    await v1.register(quotesRoutes, { deps: operations, idempotency });
    await v1.register(pixKeysRoutes, { deps: operations, idempotency });
    await v1.register(subscriptionsRoutes, { subscriptions, idempotency });
    await v1.register(executionLogsRoutes, { logs });
    await v1.register(subscriptionHealthRoutes, { db });
    await v1.register(eventsFeedRoutes, { feed: new EventsFeedService(db, cursors) });
    await v1.register(listenRoutes, {
      listen: new ListenService({ db, dialect, clock, config, signal: listenSignal }),
      idempotency,
      db,
      clock,
      retryDelayMs: config.webhooks.retryDelayMs,
      hub,
      safetyPollMs: config.listen.pollMs,
    });
  });
  // The web console (docs/console.md): static files and its config, outside /v1 (no auth hook:
  // the app signs in itself, and calls the API with the token like any client).
  if (config.console) {
    await app.register(consoleRoutes, { config, dir: consoleAssetsDir(), version: SERVER_VERSION });
  }
  // The back-office exists only with an admin token (docs/admin.md); otherwise its routes are
  // simply absent (404 ROUTE_NOT_FOUND). Its own scope and hook: no customer token gets in.
  const adminToken = config.adminToken;
  if (adminToken !== undefined) {
    const services = adminServices({
      db,
      clock,
      queue,
      cursors,
      config,
      ratesAreSettable: parts.ratesAreSettable,
    });
    await app.register(async (admin) => {
      addAdminAuthHook(admin, adminToken);
      registerConditionalGet(admin);
      await admin.register(adminRoutes, services);
    });
  }
  return app;
}
