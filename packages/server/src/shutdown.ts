import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbHandle } from './db/create-db.js';
import type { RunningWorker } from './worker.js';

/** What a stopping process is made of; `app` and `worker` are absent in the roles without them. */
export interface ShutdownParts {
  app: FastifyInstance | undefined;
  worker: RunningWorker | undefined;
  handle: DbHandle;
  logger: FastifyBaseLogger;
}

export interface ShutdownOptions {
  /** COFRE_SHUTDOWN_TIMEOUT_MS: past it, whatever is still open is cut. */
  timeoutMs: number;
  /** Aborted (by a second SIGTERM/SIGINT) to cut the drain short at once. */
  cutShort?: AbortSignal | undefined;
}

export type ShutdownOutcome = 'drained' | 'deadline' | 'cut-short';

export interface ShutdownReport {
  outcome: ShutdownOutcome;
  durationMs: number;
  /** Connections destroyed because they were still open at the deadline, and requests on them. */
  connectionsCut: number;
  requestsCut: number;
}

/**
 * After the deadline, how long the last steps (the worker giving its leases back, the pool
 * closing) may still take before the process gives up on them.
 */
export const FINAL_STEPS_MS = 1_000;

/**
 * Stops a process in the order docs/operations.md "Stopping" describes: the worker stops claiming first (so a
 * `serve` process takes no new work while its HTTP side drains), then the HTTP side refuses new
 * requests and closes idle connections; both get until the deadline to finish what they hold,
 * after which remaining connections are destroyed. Last the database pool closes. One info line
 * when it starts and one when it ends, with what it took and what it cut.
 */
export async function shutdown(
  parts: ShutdownParts,
  { timeoutMs, cutShort }: ShutdownOptions,
): Promise<ShutdownReport> {
  const { app, worker, handle, logger } = parts;
  const started = performance.now();
  logger.info({ timeoutMs }, 'shutdown started');

  // Not awaited one after the other: each runs until it is done or the deadline comes.
  const workerStopped = settle(worker?.stop({ deadlineMs: timeoutMs }), logger, 'worker stop');
  const httpClosed = settle(
    app ? app.drain.begin().then(() => app.close()) : undefined,
    logger,
    'HTTP close',
  );
  const drained = Promise.all([workerStopped, httpClosed]).then(() => 'drained' as const);
  const limit = deadline(timeoutMs, cutShort);
  const outcome = await Promise.race([drained, limit.reached]);
  limit.clear();

  let cut = { connections: 0, requests: 0 };
  if (outcome !== 'drained') {
    cut = app?.drain.destroyAll() ?? cut;
    await within(FINAL_STEPS_MS, drained);
  }
  await within(FINAL_STEPS_MS, settle(handle.destroy(), logger, 'database close'));

  const report: ShutdownReport = {
    outcome,
    durationMs: Math.round(performance.now() - started),
    connectionsCut: cut.connections,
    requestsCut: cut.requests,
  };
  logger.info(report, 'shutdown finished');
  return report;
}

/** Resolves when `work` ends either way; a failure is logged, since the stop goes on. */
async function settle(
  work: Promise<unknown> | undefined,
  logger: FastifyBaseLogger,
  what: string,
): Promise<void> {
  try {
    await work;
  } catch (error) {
    logger.warn({ err: error }, `${what} failed during shutdown`);
  }
}

/** A deadline that a signal can bring forward. */
function deadline(
  ms: number,
  cutShort: AbortSignal | undefined,
): { reached: Promise<'deadline' | 'cut-short'>; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const reached = new Promise<'deadline' | 'cut-short'>((resolve) => {
    // Kept referenced: the process must still be alive to act on it.
    timer = setTimeout(() => resolve('deadline'), ms);
    onAbort = () => resolve('cut-short');
    if (cutShort?.aborted) onAbort();
    cutShort?.addEventListener('abort', onAbort, { once: true });
  });
  return {
    reached,
    clear() {
      clearTimeout(timer);
      cutShort?.removeEventListener('abort', onAbort);
    },
  };
}

/** Waits for `work`, but no longer than `ms`. */
async function within(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
