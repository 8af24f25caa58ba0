import type { DatabaseConfig } from '../config/config.js';
import { dialectFor } from './dialect.js';

/**
 * The database a process LISTENs on to hear every other process's `Dialect.notify` (job and
 * listen-stream wake-ups, db/pg-notifications.ts), or undefined when notifications never leave
 * the process that sends them (SQLite): its workers and streams then rely on their own signal
 * and polling alone.
 */
export function notificationsUrl(database: DatabaseConfig): string | undefined {
  const { notifiesOtherProcesses } = dialectFor(database.engine);
  return notifiesOtherProcesses && 'url' in database ? database.url : undefined;
}
