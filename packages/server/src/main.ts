import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config/config.js';
import { createDb, type DbHandle } from './db/create-db.js';
import { withMaintenanceDb } from './db/maintenance-db.js';
import { isSchemaCurrent, migrateToLatest } from './db/migrate.js';
import { waitForDatabase } from './db/wait-for-database.js';
import { JobSignal } from './jobs/index.js';
import { checkRailNodes, operatorRails, railFigures } from './rails/index.js';
import { ListenSignal } from './webhooks/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger, loggerOptions } from './logger.js';
import {
  countApiClients,
  createCustomerWithClient,
  type IssuedCredentials,
} from './modules/customers/index.js';
import { loadKeys } from './modules/keys/index.js';
import { shutdown, type ShutdownReport } from './shutdown.js';
import { logWhereToGo, warnOnGeneratedKeys } from './start-up-notes.js';
import { startWorker, type RunningWorker } from './worker.js';
import { createMetricsScrape } from './observability/metrics-scrape.js';
import { startMetricsServer, type MetricsServer } from './observability/metrics-server.js';

/** `all`: API + worker (+ sandbox simulator) in one process; `api` and `worker` for scale-out. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export interface RunningServer {
  /** The HTTP app, unless the role is `worker`. */
  app: FastifyInstance | undefined;
  handle: DbHandle;
  /** Listening URL, unless the role is `worker`. */
  url: string | undefined;
  worker: RunningWorker | undefined;
  /** The metrics listener's URL, when COFRE_METRICS_PORT is set (docs/metrics.md). */
  metricsUrl: string | undefined;
  /**
   * Credentials of the demo client when this start created it (first successful start on a
   * database without API clients).
   */
  demoCredentials: IssuedCredentials | undefined;
  /**
   * Drains and closes everything within COFRE_SHUTDOWN_TIMEOUT_MS (shutdown.ts,
   * docs/operations.md "Stopping"); `cutShort` (a second signal) ends the drain at once. Calling it again
   * returns the first call's report.
   */
  stop(options?: { cutShort?: AbortSignal }): Promise<ShutdownReport>;
}

/** What startServer is given besides the config. */
export interface StartOptions {
  role?: Role;
  clock?: Clock;
  /** Aborts the wait for the database at start-up (the caller's SIGTERM). */
  signal?: AbortSignal;
}

/** What one start has brought up so far: on a failure, each of these is closed again. */
interface Started {
  app?: FastifyInstance;
  url?: string;
  worker?: RunningWorker;
  metrics?: MetricsServer;
}

/**
 * Starts the given role: opens the database, waits for it to answer (bounded, logged backoff:
 * db/wait-for-database.ts), migrates it (unless turned off), loads or creates
 * the signing keys, listens and/or runs the worker, and last creates the demo client on a first
 * sandbox start. The only place that listens; signal handling belongs to the caller (the CLI).
 */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const role = options.role ?? 'all';
  const clock = options.clock ?? systemClock;
  const handle = createDb(config.database);
  const startLog = createLogger(config);
  const started: Started = {};
  try {
    await waitForDatabase(handle.db, startLog, {
      timeoutMs: config.database.timeouts.startupMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (config.autoMigrate) await migrate(config, handle);
    await startRoles(started, { config, handle, clock, role, startLog });
    // Last, once everything else has started: a start that fails (port in use, bad host) must
    // not leave behind a demo client whose secret nobody saw, and that later starts, finding a
    // client, would never offer again.
    const demoCredentials =
      role !== 'worker' ? await createDemoClientIfFirstStart(handle, config, clock) : undefined;
    return running(started, { config, handle, startLog, demoCredentials });
  } catch (error) {
    await started.metrics?.close();
    await started.app?.close();
    await started.worker?.stop();
    await handle.destroy();
    throw error;
  }
}

interface RoleContext {
  config: Config;
  handle: DbHandle;
  clock: Clock;
  role: Role;
  startLog: FastifyBaseLogger;
}

/** The API (listening), the worker and the metrics listener, as the role and config ask. */
async function startRoles(started: Started, context: RoleContext): Promise<void> {
  const { config, handle, clock, role, startLog } = context;
  const signal = new JobSignal();
  // In `serve`, the worker's fan-out wakes the API's listen streams without a round trip.
  const listenSignal = new ListenSignal();
  // The API alone checks the rails' nodes here (a worker does when it starts its rail jobs).
  if (role === 'api') await checkRailNodes(config.rails, startLog);
  if (role !== 'worker') {
    const keys = await loadKeys(handle.db, config, clock.now());
    started.app = await buildApp({
      config,
      db: handle.db,
      engine: handle.engine,
      clock,
      keys,
      signal,
      listenSignal,
      logger: loggerOptions(config),
      poolStats: handle.poolStats,
    });
    started.url = await started.app.listen({ host: config.host, port: config.port });
    logWhereToGo(started.app.log, config, started.url);
    warnOnGeneratedKeys(started.app.log, config);
  }
  // The worker role has no app to log through.
  const logger = started.app?.log ?? startLog;
  if (role !== 'api') {
    const { db, engine } = handle;
    started.worker = await startWorker({ config, db, engine, clock, signal, listenSignal, logger });
    logger.info({ owner: started.worker.worker.owner }, 'worker started');
  }
  if (config.metrics.port !== undefined) {
    started.metrics = await startMetricsServer(
      createMetricsScrape({
        config,
        db: handle.db,
        clock,
        logger,
        poolStats: handle.poolStats,
        ...(await metricsRails(config, handle, clock)),
      }),
      { host: config.metrics.host, port: config.metrics.port },
      (error) => logger.error({ err: error }, 'metrics scrape failed'),
    );
    logger.info({ url: started.metrics.url }, 'metrics listening');
  }
}

/**
 * The rails' series for the metrics listener (their health is read from the database, so the
 * rails are built here as every process builds them, whatever the role).
 */
async function metricsRails(config: Config, handle: DbHandle, clock: Clock) {
  const { rails } = await operatorRails(config, handle, clock);
  return rails.length > 0 ? { rails: () => railFigures(handle.db, rails) } : {};
}

/** The running server a successful start returns, and its one bounded stop. */
function running(
  started: Started,
  context: {
    config: Config;
    handle: DbHandle;
    startLog: FastifyBaseLogger;
    demoCredentials: IssuedCredentials | undefined;
  },
): RunningServer {
  const { app, url, worker, metrics } = started;
  const { config, handle, startLog, demoCredentials } = context;
  let stopping: Promise<ShutdownReport> | undefined;
  return {
    app,
    handle,
    url,
    worker,
    metricsUrl: metrics?.url,
    demoCredentials,
    stop(options = {}) {
      // The metrics listener answers scrapes while the rest drains, and closes last.
      stopping ??= shutdown(
        { app, worker, handle, logger: app?.log ?? startLog },
        { timeoutMs: config.shutdownTimeoutMs, cutShort: options.cutShort },
      ).finally(() => metrics?.close());
      return stopping;
    },
  };
}

/**
 * Migrations may hold long statements (an index on a large table), so they run on a handle
 * without the statement deadlines requests have (db/maintenance-db.ts).
 */
async function migrate(config: Config, handle: DbHandle): Promise<void> {
  // Up to date (every start but the first after an upgrade): one query, no migrator.
  if (await isSchemaCurrent(handle.db)) return;
  await withMaintenanceDb(handle, config.database, migrateToLatest);
}

/** The demo customer and client, on a sandbox start that finds no API client at all. */
async function createDemoClientIfFirstStart(
  handle: DbHandle,
  config: Config,
  clock: Clock,
): Promise<IssuedCredentials | undefined> {
  if (!config.bootstrapDemoClient || config.environment !== 'sandbox') return undefined;
  if ((await countApiClients(handle.db)) > 0) return undefined;
  return createCustomerWithClient(
    handle.db,
    { name: 'Demo customer', environment: config.environment },
    clock,
  );
}
