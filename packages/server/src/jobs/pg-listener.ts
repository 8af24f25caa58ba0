import {
  listenForNotifications,
  type ListenerLog,
  type ListenerOptions,
  type NotificationListener,
} from '../db/pg-notifications.js';
import { JOBS_CHANNEL } from './job-queue.js';
import type { JobSignal } from './job-signal.js';

export type { ListenerLog, ListenerOptions };

/**
 * LISTENs for job notifications from every process on the PostgreSQL database and wakes this
 * process's worker, also on (re)connecting; the worker's polling covers an outage
 * (db/pg-notifications.ts reconnects with capped backoff).
 */
export function listenForJobs(
  url: string,
  signal: JobSignal,
  log: ListenerLog,
  options: ListenerOptions,
): Promise<NotificationListener> {
  return listenForNotifications(
    url,
    {
      channel: JOBS_CHANNEL,
      onNotification: () => signal.notify(),
      onConnected: () => signal.notify(),
    },
    log,
    options,
  );
}
