import type pg from 'pg';
import { pgDriver } from './pg-driver.js';

/** What a listener tells the operator: once when it loses the database, once when it is back. */
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

export interface Notifications {
  /** The channel to LISTEN on (a plain identifier: it is written into the statement). */
  channel: string;
  /** Called with each notification's payload ('' when it has none). */
  onNotification(payload: string): void;
  /**
   * Called once connected and after every reconnect: anything announced while the connection
   * was away was missed, so whoever waits on this channel looks again.
   */
  onConnected(): void;
}

/** A LISTEN connection; `close` ends it for good. */
export interface NotificationListener {
  close(): Promise<void>;
}

/**
 * One PostgreSQL connection LISTENing on one channel for the notifications every process on the
 * database sends (`Dialect.notify`, delivered only when the sender's transaction commits). A lost
 * connection (restart, failover, terminated backend, refused connects) is never fatal: it
 * reconnects with capped exponential backoff, logging the outage once, and calls `onConnected`
 * again; whoever relies on it keeps a slower poll for the gap. The worker's job wake-ups
 * (jobs/pg-listener.ts) and the listen streams' (webhooks/listen/listen-notifications.ts) are
 * each one of these.
 */
export async function listenForNotifications(
  url: string,
  notifications: Notifications,
  log: ListenerLog,
  options: ListenerOptions,
): Promise<NotificationListener> {
  const { connectTimeoutMs, backoffMs = 250, maxBackoffMs = 10_000 } = options;
  const { channel } = notifications;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
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
    const c = new (pgDriver().Client)({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: connectTimeoutMs,
      keepAlive: true,
    });
    c.on('notification', (message) => {
      if (message.channel === channel) notifications.onNotification(message.payload ?? '');
    });
    // Registered before connecting and kept for the client's life: an 'error' without a
    // listener would be an uncaught exception.
    c.on('error', (error) => failed(c, error));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
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
    notifications.onConnected();
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
