import { sql } from 'kysely';
import type { Db } from './database.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

export interface WaitLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface WaitOptions {
  /** Give up after this long (COFRE_DATABASE_STARTUP_TIMEOUT_MS); 0 = try once. */
  timeoutMs: number;
  /** First delay between attempts; doubles up to `maxDelayMs`. */
  delayMs?: number;
  maxDelayMs?: number;
  /** Stops waiting (a SIGTERM during start-up): rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Start-up waits for the database instead of exiting at once: processes and their database are
 * often started together (a deploy, a reboot, a failover) and a crash loop only adds restarts.
 * Retries with capped exponential backoff while the error is an outage, one warn line per
 * attempt; an error that waiting cannot fix (wrong password, no such database) fails at once.
 */
export async function waitForDatabase(db: Db, log: WaitLog, options: WaitOptions): Promise<void> {
  const { timeoutMs, delayMs = 250, maxDelayMs = 5_000, signal } = options;
  const started = Date.now();
  let delay = delayMs;
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    try {
      await sql`select 1`.execute(db);
      if (attempt > 1) {
        log.info({ attempts: attempt, waitedMs: Date.now() - started }, 'database reachable');
      }
      return;
    } catch (error) {
      const waited = Date.now() - started;
      if (!isDatabaseUnavailable(error)) throw error;
      if (waited + delay > timeoutMs) {
        throw new Error(
          `The database is not reachable after ${waited} ms (COFRE_DATABASE_STARTUP_TIMEOUT_MS=${timeoutMs})`,
          { cause: error },
        );
      }
      log.warn(
        {
          attempt,
          retryInMs: delay,
          reason: error instanceof Error ? error.message : String(error),
        },
        'database not reachable yet; waiting',
      );
      await pause(delay, signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (the loop then throws its reason). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
