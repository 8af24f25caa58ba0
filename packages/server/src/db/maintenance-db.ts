import type { DatabaseConfig } from '../config/config.js';
import { createDb, type DbHandle } from './create-db.js';
import type { Db } from './database.js';

/**
 * Runs `work` (migrations) on a handle without the statement deadlines requests have, since a
 * migration may hold a long statement (an index on a large table). On PostgreSQL that is a
 * connection of its own, closed afterwards; SQLite has no statement deadline (only
 * `busy_timeout`), so the process's own handle serves, and a second writer on the file would only
 * wait for the first.
 */
export async function withMaintenanceDb<T>(
  handle: DbHandle,
  database: DatabaseConfig,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (database.engine === 'sqlite') return work(handle.db);
  const maintenance = createDb(database, { maintenance: true });
  try {
    return await work(maintenance.db);
  } finally {
    await maintenance.destroy();
  }
}
