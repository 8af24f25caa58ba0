import {
  ContextPrefetch,
  attemptHandler,
  resendHandler,
  createGuardedAgent,
  eventRetentionStep,
  fanOutHandler,
  autoDisableHandler,
  scheduleEventRetention,
  type ListenSignal,
} from './webhooks/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { Db, Engine } from './db/database.js';
import { dialectFor } from './db/dialect.js';
import { GroupCommit } from './db/group-commit.js';
import { notificationsUrl } from './db/notifications-url.js';
import type { Resolver } from './lib/url-guard.js';
import { JobQueue, JobWorker, type StopOptions, listenForJobs } from './jobs/index.js';
import type { JobSignal } from './jobs/index.js';
import type { Clock } from './lib/clock.js';
import { kindJobHandlers } from './operations/index.js';
import { environmentParts } from './environment-parts.js';
import type { Rail } from './rails/index.js';
import { instrumentHandlers } from './observability/job-metrics.js';
import { traceJobHandlers } from './observability/tracing-jobs.js';

export interface WorkerDeps {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  signal: JobSignal;
  /** Wakes this process's listen streams after a fan-out; shared with the API in `serve`. */
  listenSignal?: ListenSignal;
  logger: FastifyBaseLogger;
  /** DNS for the connect-time URL check; tests inject one. */
  resolve?: Resolver;
}

export interface RunningWorker {
  worker: JobWorker;
  /** Stops claiming, gives back unstarted jobs, waits for running ones up to `deadlineMs`. */
  stop(options?: StopOptions): Promise<void>;
}

/**
 * The worker role: delivers webhooks and, in the sandbox, runs the simulated lifecycle steps.
 * It never serves HTTP. On PostgreSQL it listens for job notifications from every process.
 */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const { config, signal, logger } = deps;
  const runner = await createJobRunner(deps);
  // Where notifications reach other processes (PostgreSQL), every process's commits wake this
  // worker; elsewhere its own signal and polling do.
  const url = notificationsUrl(config.database);
  const listener =
    url !== undefined
      ? await listenForJobs(
          url,
          signal,
          {
            lost: (error) =>
              logger.warn(
                { err: error },
                'job listener lost the database; reconnecting with backoff (polling meanwhile)',
              ),
            restored: (afterMs) => logger.info({ afterMs }, 'job listener reconnected'),
          },
          { connectTimeoutMs: config.database.timeouts.connectMs },
        )
      : undefined;
  // Retention runs wherever a worker runs; the job's fixed id keeps it single (docs/webhooks.md).
  // Best effort: a worker that cannot queue it still delivers, and the next start queues it.
  await scheduleEventRetention(deps.db, deps.clock.now()).catch((error: unknown) =>
    logger.warn({ err: error }, 'could not queue the event retention job; the next start will'),
  );
  // Each rail checks its outside system (a chain id that contradicts the configuration stops
  // the process) and queues its standing jobs (docs/rails.md).
  for (const rail of runner.rails) {
    await rail.startWorker({
      db: deps.db,
      queue: runner.queue,
      clock: deps.clock,
      logger,
      leaseMs: config.worker.leaseMs,
    });
  }
  runner.worker.start();
  return {
    worker: runner.worker,
    async stop(options?: StopOptions) {
      await runner.worker.stop(options);
      await listener?.close();
      await runner.close();
    },
  };
}

/** The HTTP agent of webhook deliveries: private addresses refused after DNS resolution. */
function webhookDispatcher(config: Config, resolve: WorkerDeps['resolve']) {
  return createGuardedAgent({
    policy: { allowLocal: config.webhooks.allowLocal },
    ...(resolve ? { resolve } : {}),
    connectTimeoutMs: config.webhooks.timeoutMs,
    // One origin may be the target of every in-flight job (many subscriptions, one host).
    connections: config.worker.concurrency,
  });
}

/**
 * A JobWorker with every handler of this environment, not started: startWorker runs its loop;
 * tests call `runDue()` on a manual clock (test/helpers/run-due-jobs.ts).
 */
export async function createJobRunner(deps: WorkerDeps): Promise<{
  worker: JobWorker;
  queue: JobQueue;
  /** Production's configured rails (docs/rails.md): their standing jobs are queued at start. */
  rails: readonly Rail[];
  close(): Promise<void>;
}> {
  const { config, db, engine, clock, signal, logger } = deps;
  const dialect = dialectFor(engine);
  const queue = new JobQueue(db, dialect, clock, signal, {
    maxAttempts: config.worker.maxAttempts,
    backoffMs: config.worker.backoffMs,
    backoffMaxMs: config.worker.backoffMaxMs,
  });
  const dispatcher = webhookDispatcher(config, deps.resolve);
  const prefetch = new ContextPrefetch(db, clock);
  const delivery = {
    db,
    // A batch settles with multi-row statements on both engines: on PostgreSQL each statement
    // is a round trip, on SQLite each costs its query building and call in this process.
    settle: new GroupCommit(db, 64, true),
    prefetch,
    queue,
    clock,
    dispatcher,
    timeoutMs: config.webhooks.timeoutMs,
    retry: { maxRetries: config.webhooks.maxRetries, delayMs: config.webhooks.retryDelayMs },
    logger,
    alerts: config.webhooks.alerts,
  };
  // The sandbox's or production's parts (environment-parts.ts), as app.ts chooses them.
  const parts = await environmentParts(config, { db, queue, clock });
  const worker = new JobWorker({
    queue,
    signal,
    clock,
    logger,
    concurrency: config.worker.concurrency,
    leaseMs: config.worker.leaseMs,
    pollMs: config.worker.pollMs,
    prefetch: { 'webhook.attempt': (jobs) => prefetch.load(jobs.map((job) => job.subject_id)) },
    // Counted (metrics) and, when an OpenTelemetry SDK is registered, one span per job run
    // (docs/tracing.md).
    handlers: instrumentHandlers(
      traceJobHandlers({
        'webhook.attempt': attemptHandler(delivery),
        'webhook.resend': resendHandler(delivery),
        'webhook.fanout': fanOutHandler({ db, queue, clock, listen: deps.listenSignal }),
        'webhook.subscription.disable': autoDisableHandler({ db, queue, clock }),
        ...kindJobHandlers({
          db,
          queue,
          clock,
          rates: parts.rates,
          orderCheckIntervalMs: config.exchange.orderCheckIntervalMs,
          orderCanFill: parts.orderCanFill,
        }),
        'webhook.events.retention': eventRetentionStep({
          db,
          queue,
          clock,
          retentionDays: config.webhooks.eventRetentionDays,
        }),
        ...parts.jobHandlers({ db, queue, clock, logger, leaseMs: config.worker.leaseMs }),
      }),
    ),
  });
  return {
    worker,
    queue,
    rails: parts.rails,
    async close() {
      await dispatcher.close();
      for (const rail of parts.rails) await rail.close?.();
    },
  };
}
