import pg from 'pg';
import { JOBS_CHANNEL } from './job-queue.js';
import type { JobSignal } from './job-signal.js';

/** What the listener tells the operator: once when it loses the database, once when it is back. */
export interface ListenerLog {
  lost(error: unknown): void;
  restored(afterMs: number): void;
}

export interface ListenerOptions {
  /** Deadline to connect and to subscribe, so a frozen server cannot hang a reconnect. */
  connectTimeoutMs: number;
  /** First reconnect delay; it doubles per failed attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * LISTENs for job notifications from every process on the PostgreSQL database and wakes this
 * process's worker. A lost connection (restart, failover, terminated backend, refused connects)
 * is never fatal: it reconnects with capped exponential backoff, logging the outage once, and
 * wakes the worker on reconnecting; the worker's polling covers the gap.
 */
export async function listenForJobs(
  url: string,
  signal: JobSignal,
  log: ListenerLog,
  options: ListenerOptions,
): Promise<{ close(): Promise<void> }> {
  const { connectTimeoutMs, backoffMs = 250, maxBackoffMs = 10_000 } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** When the current outage began; undefined while connected. */
  let lostAt: number | undefined;
  let delay = backoffMs;

  const failed = (c: pg.Client, error: unknown): void => {
    void c.end().catch(() => {});
    // A late error of a client already replaced concerns nobody.
    if (client !== undefined && client !== c) return;
    client = undefined;
    if (closed || retry) return;
    if (lostAt === undefined) {
      lostAt = Date.now();
      log.lost(error);
    }
    retry = setTimeout(() => {
      retry = undefined;
      void attempt();
    }, delay);
    delay = Math.min(delay * 2, maxBackoffMs);
  };

  const attempt = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: connectTimeoutMs,
      keepAlive: true,
    });
    c.on('notification', () => signal.notify());
    // Registered before connecting and kept for the client's life: an 'error' without a
    // listener would be an uncaught exception.
    c.on('error', (error) => failed(c, error));
    try {
      await c.connect();
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (error) {
      failed(c, error);
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = backoffMs;
    if (lostAt !== undefined) log.restored(Date.now() - lostAt);
    lostAt = undefined;
    // Anything committed while we were away is picked up now.
    signal.notify();
  };

  await attempt();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
