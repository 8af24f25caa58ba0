import type { ClaimOutcome, StoredWebhook, WebhookStore } from './webhook-store.js';

/**
 * The part of a SQLite connection the store uses. A `better-sqlite3` `Database` fits, and so
 * does Node 22's `node:sqlite` `DatabaseSync`; the SDK depends on neither: you open the database
 * and pass it in.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * const db: SqliteDatabase = new Database('webhooks.db');
 * ```
 */
export interface SqliteDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
}

/**
 * A prepared statement of a `SqliteDatabase`.
 *
 * @example
 * ```ts
 * const row = db.prepare('SELECT 1 AS one').get();
 * ```
 */
export interface SqliteStatement {
  run(...params: (string | number)[]): { changes: number | bigint };
  get(...params: (string | number)[]): unknown;
  all(...params: (string | number)[]): unknown[];
}

/**
 * Options of `createSqliteStore`.
 *
 * @example
 * ```ts
 * const options: SqliteStoreOptions = { table: 'billing_webhooks' };
 * ```
 */
export interface SqliteStoreOptions {
  /** Table name (created if missing). Default `cofre_webhook_messages`. Letters, digits, `_`. */
  table?: string | undefined;
}

/**
 * A durable `WebhookStore` in a SQLite database you open (`better-sqlite3`, or `node:sqlite` on
 * Node 22+), so handled message ids and claims in flight survive a restart. One table, created
 * if missing; every claim is one atomic upsert, so several processes sharing the file (WAL mode
 * recommended) never run one message twice at once.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { createSqliteStore, createWebhookReceiver } from '@cofre/sdk/webhooks';
 *
 * const db = new Database('webhooks.db');
 * db.pragma('journal_mode = WAL');
 * const receiver = createWebhookReceiver({ secret, store: createSqliteStore(db), handler });
 * ```
 */
export function createSqliteStore(
  db: SqliteDatabase,
  options: SqliteStoreOptions = {},
): WebhookStore {
  const table = options.table ?? 'cofre_webhook_messages';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(table))
    throw new TypeError(`Invalid table name: ${table}`);
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    claimed_at INTEGER NOT NULL,
    done_at INTEGER
  )`);
  db.exec(
    `CREATE INDEX IF NOT EXISTS ${table}_open ON ${table} (claimed_at) WHERE done_at IS NULL`,
  );
  // New id: insert. Known id, not done, claim older than the lease: take it over. Otherwise
  // nothing changes and RETURNING yields no row; one statement, so claims cannot interleave.
  const claim = db.prepare(
    `INSERT INTO ${table} (id, body, attempts, claimed_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (id) DO UPDATE SET attempts = attempts + 1, claimed_at = excluded.claimed_at
       WHERE done_at IS NULL AND claimed_at <= ?
     RETURNING attempts`,
  );
  const state = db.prepare(`SELECT done_at FROM ${table} WHERE id = ?`);
  const complete = db.prepare(`UPDATE ${table} SET done_at = ? WHERE id = ?`);
  const release = db.prepare(`DELETE FROM ${table} WHERE id = ? AND done_at IS NULL`);
  const expired = db.prepare(
    `SELECT id, body, attempts, claimed_at FROM ${table}
     WHERE done_at IS NULL AND claimed_at <= ? ORDER BY claimed_at, id LIMIT ?`,
  );
  const prune = db.prepare(`DELETE FROM ${table} WHERE done_at IS NOT NULL AND done_at < ?`);

  return {
    async claim(message, { now, leaseMs }): Promise<ClaimOutcome> {
      const row = claim.get(message.id, message.body, now, now - leaseMs) as
        { attempts: number } | undefined;
      if (row !== undefined) return { kind: 'claimed', attempt: Number(row.attempts) };
      const current = state.get(message.id) as { done_at: number | null } | undefined;
      return current?.done_at != null ? { kind: 'done' } : { kind: 'busy' };
    },
    async complete(id, now) {
      complete.run(now, id);
    },
    async release(id) {
      release.run(id);
    },
    async expired({ now, leaseMs, limit }): Promise<StoredWebhook[]> {
      const rows = expired.all(now - leaseMs, limit) as {
        id: string;
        body: string;
        attempts: number;
        claimed_at: number;
      }[];
      return rows.map((r) => ({
        id: r.id,
        body: r.body,
        attempts: Number(r.attempts),
        claimedAt: Number(r.claimed_at),
      }));
    },
    async prune(doneBefore) {
      return Number(prune.run(doneBefore).changes);
    },
  };
}
