import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config.js';
import type { Db } from './database.js';
import { dialectFor, type Dialect } from './dialect.js';

export interface DbHandle {
  readonly db: Db;
  readonly engine: Dialect['engine'];
  readonly dialect: Dialect;
  /** Closes every connection. */
  destroy(): Promise<void>;
  /** The PostgreSQL pool's connections now (observability/); undefined on SQLite, which has none. */
  readonly poolStats: () => PoolStats | undefined;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

// PostgreSQL int8 (bigint) arrives as a string by default; our bigints are epoch milliseconds and
// minor units well inside 2^53, so they are read as numbers, the same as better-sqlite3 gives.
// A value beyond 2^53 would round silently as a number: money must fail loudly instead.
const INT8_OID = 20;
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`int8 value ${value} is not a safe integer; refusing to round it`);
  }
  return n;
}
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text') =>
    oid === INT8_OID
      ? parseInt8
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

export function createDb(config: DatabaseConfig): DbHandle {
  if (config.engine === 'sqlite') {
    if (config.filename !== ':memory:') mkdirSync(dirname(config.filename), { recursive: true });
    const database = new SQLite(config.filename);
    // WAL lets readers (other processes, the CLI) work while one writer commits.
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    // Checkpoint the WAL every ~40 MB instead of every 4 MB: fewer, larger checkpoints take
    // less time out of the commits that trigger them (webhook settlement is commit-bound).
    database.pragma('wal_autocheckpoint = 10000');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    const db: Db = new Kysely({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    return {
      db,
      engine: 'sqlite',
      dialect: dialectFor('sqlite'),
      destroy: () => db.destroy(),
      poolStats: () => undefined,
    };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, types: pgTypes });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    dialect: dialectFor('postgres'),
    destroy: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Kysely's SQLite driver prepares every statement on every query; preparing costs more than
 * running the small indexed queries of the hot paths. Statements are reused by their SQL text
 * (Kysely emits the same text for the same query shape, values are bound), in a bounded map.
 */
function withStatementCache(database: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        statement = database.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
