import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type pg from 'pg';
import { pgDriver } from './pg-driver.js';
import type { DatabaseConfig } from '../config/config.js';
import type { Db } from './database.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { dialectFor, type Dialect } from './dialect.js';
import { int64Reading, MONEY_COLUMNS, type Int64Reading } from './int64-columns.js';
import { attachHotRunner, attachHotTransactionRunner, hotStatementName } from './hot-reads.js';
import { SqliteConnectionGate } from './sqlite-connection-gate.js';
import { LoopSlice } from '../lib/loop-slice.js';

type NamedQuery = (config: pg.QueryConfig) => Promise<pg.QueryResult<Record<string, unknown>>>;
import {
  startWalCheckpointer,
  type WalCheckpointer,
  type WalCheckpointStats,
} from './wal-checkpointer.js';

export interface DbHandle {
  readonly db: Db;
  readonly engine: Dialect['engine'];
  readonly dialect: Dialect;
  /** Closes every connection. */
  destroy(): Promise<void>;
  /** The PostgreSQL pool's connections now (observability/); undefined on SQLite, which has none. */
  readonly poolStats: () => PoolStats | undefined;
  /** The WAL checkpoint thread's counters (wal-checkpointer.ts); undefined when there is none. */
  readonly walCheckpoints: () => WalCheckpointStats | undefined;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The pool's size (COFRE_DATABASE_POOL_SIZE). */
  max: number;
}

// Both drivers hand every 64-bit integer over exactly, as a BigInt: PostgreSQL sends int8 as
// text (parsed here), better-sqlite3 returns BigInts for a statement in safeIntegers mode
// (exactIntegers). What each column becomes (a bigint for money, a checked number for the rest)
// is decided in one place for both engines, int64-columns.ts, applied to the columns of each
// result that can hold an integer (exactIntegers, readingInt64).
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text') =>
    oid === INT8_OID
      ? (value: string) => BigInt(value)
      : (pgDriver().types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

export interface CreateDbOptions {
  /**
   * For statements that legitimately run long — migrations, `cofre ledger verify`, bulk seeding
   * in benchmarks: no statement or query deadline (connecting and busy waits keep theirs). On
   * SQLite, no checkpoint thread: a one-shot command has no other request to keep waiting, and
   * its own commits checkpoint every WAL_AUTOCHECKPOINT_MAINTENANCE pages, as before the thread.
   */
  maintenance?: boolean;
}

/**
 * The automatic checkpoint of a serving connection, in pages (4 KiB): a backstop only. SQLite
 * runs it inside the commit that takes the WAL past this size, on the event loop, so every other
 * request waits for it (80-110 ms at the p99 of a 50-row commit at the old 10,000). The thread
 * copies the frames as they come, and the WAL is written from its start again whenever a commit
 * finds it entirely copied, which a gap between commits longer than one checkpoint allows. Two
 * cases reach the backstop: a dead thread, and writes so steady that no such gap comes (commits
 * faster than the disk syncs: the WAL then grows although nearly all of it is copied). The
 * backstop then copies the little the thread has not and lets the next commit restart the WAL:
 * one stall of about one fsync per 400 MB instead of a full checkpoint per 40 MB. Higher would
 * let the WAL file (which keeps its largest size until the last connection closes) and a crash
 * recovery's replay of it grow further; lower would bring the stalls back more often.
 */
export const WAL_AUTOCHECKPOINT_BACKSTOP = 100_000;

/**
 * The longest stretch of back-to-back SQLite statements (outside a transaction's own) on the
 * event loop before the next waits for the next turn (lib/loop-slice.ts): more than a quiet
 * request's whole work, so an ordinary request runs in one slice and a heavy one yields every
 * ~5 ms. bench:neighbour on SQLite, another customer's p99 against quiet: 2 ms gave filters
 * 1.4x but maximal bodies 6.5x on a disk (A's writes, interleaved finer, ran faster and the
 * file system's stalls grew); 5 ms gave 1.5x and 2.8x; none 2.0-2.3x and 2.0-3.0x.
 */
export const SQLITE_LOOP_SLICE_MS = 5;
/** Maintenance handles' automatic checkpoint, ~40 MB: fewer, larger checkpoints than SQLite's 1,000. */
export const WAL_AUTOCHECKPOINT_MAINTENANCE = 10_000;

export function createDb(config: DatabaseConfig, options: CreateDbOptions = {}): DbHandle {
  if (config.engine === 'sqlite') return createSqliteHandle(config, options);
  const { timeouts } = config;
  const deadlines = options.maintenance
    ? {}
    : { statement_timeout: timeouts.statementMs, query_timeout: timeouts.queryMs || undefined };
  const pool = new (pgDriver().Pool)({
    connectionString: config.url,
    max: config.poolSize,
    types: pgTypes,
    // Bounds both opening a connection and waiting for a free one (pg-pool's acquire queue).
    connectionTimeoutMillis: timeouts.connectMs,
    // A peer that vanished without a FIN (a partition) is noticed instead of waited on forever.
    keepAlive: true,
    ...deadlines,
  });
  // A connection that breaks must never crash the process. pg-pool listens for 'error' only on
  // idle clients; a checked-out one (inside a transaction) emits it with no listener, which
  // Node turns into an uncaught exception. This listener lives as long as the client; the
  // failing query rejects on its own, and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  const pooled = discardingBroken(pool);
  const db: Db = new Kysely({
    dialect: new PostgresDialect({ pool: pooled }),
  });
  // Named: each connection parses and plans a hot read once, then only binds its values.
  attachHotRunner(db, 'postgres', async (name, text, values) => {
    const client = await pooled.connect();
    try {
      // discardingBroken's client passes a query config on to pg's client.query as it is.
      const named = client as unknown as { query: NamedQuery };
      const result = await named.query({ name: `cofre_hot_${name}`, text, values: [...values] });
      return result.rows;
    } finally {
      client.release();
    }
  });
  return {
    db,
    engine: 'postgres',
    dialect: dialectFor('postgres'),
    destroy: () => db.destroy(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: config.poolSize,
    }),
    walCheckpoints: () => undefined,
  };
}

/** The SQLite handle: one connection, WAL, its checkpoint thread, prepared statements reused. */
function createSqliteHandle(
  config: DatabaseConfig & { engine: 'sqlite' },
  options: CreateDbOptions,
): DbHandle {
  const { timeouts } = config;
  if (config.filename !== ':memory:') mkdirSync(dirname(config.filename), { recursive: true });
  const database = new SQLite(config.filename);
  // WAL lets readers (other processes, the CLI) work while one writer commits.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Statement journals, sorts and temporary tables in memory, never in files (a statement
  // journal past 64 KiB, which one account's maximal metadata rows reach, was spilled to a
  // temporary file created and deleted on the event loop).
  database.pragma('temp_store = MEMORY');
  // A file database's WAL is checkpointed by a thread of its own (wal-checkpointer.ts), never
  // by a commit on the event loop, which other requests would wait for; the connection's own
  // automatic checkpoint is the backstop. ':memory:' has no WAL.
  const thread = config.filename !== ':memory:' && !options.maintenance;
  database.pragma(
    `wal_autocheckpoint = ${thread ? WAL_AUTOCHECKPOINT_BACKSTOP : WAL_AUTOCHECKPOINT_MAINTENANCE}`,
  );
  // No journal_size_limit: it makes the commit that starts the WAL over truncate the file, on
  // the event loop — a 160-200 ms stall at the p99 of another customer's requests while one
  // posts maximal bodies (bench:neighbour, bodies phase), against 34 ms without it. The WAL
  // file keeps its largest size until the last connection closes (docs/operations.md).
  // A writer waits this long for another's lock, then fails SQLITE_BUSY (answered 503).
  database.pragma(`busy_timeout = ${timeouts.busyMs}`);
  database.pragma('foreign_keys = ON');
  const statements = withStatementCache(database);
  const gate = new SqliteConnectionGate(new LoopSlice(SQLITE_LOOP_SLICE_MS));
  const db: Db = new Kysely({
    dialect: gate.dialect({ database: statements }),
  });
  attachHotRunner(db, 'sqlite', async (_name, text, values) => {
    // The connection is nobody's and the loop's slice not spent: run now, in this turn.
    // Otherwise wait for it like any query.
    if (gate.free && gate.runsNow()) return statements.prepare(text).all(values);
    return (await db.executeQuery(CompiledQuery.raw(text, [...values]))).rows;
  });
  // Inside a transaction, the transaction holds the one connection: run now, in this turn.
  attachHotTransactionRunner(db, (text, values) => {
    const statement = statements.prepare(text);
    if (statement.reader) return statement.all(values);
    statement.run(values);
    return [];
  });
  // Started once the connection has made the file a WAL database, which the thread expects.
  const checkpointer: WalCheckpointer | undefined = thread
    ? startWalCheckpointer(config.filename)
    : undefined;
  return {
    db,
    engine: 'sqlite',
    dialect: dialectFor('sqlite'),
    // The thread first: its connection closed, this one is the last and checkpoints on close.
    destroy: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
    poolStats: () => undefined,
    walCheckpoints: () => checkpointer?.stats(),
  };
}

/**
 * Kysely releases a client without saying whether it failed, so pg-pool would hand a client
 * whose query timed out on our side (the server never answered; that query is still pending on
 * the socket) to the next caller, whose statements would queue behind it. A client that failed
 * with an outage error the server did not send is released as broken: the pool closes it and
 * opens a fresh connection when one is needed.
 */
function discardingBroken(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = (...args: unknown[]): unknown => {
        // A hot statement run in a transaction (hot-reads.ts) comes as its compiled SQL: it is
        // run as the named statement hot reads use, parsed and planned once per connection.
        const name = typeof args[0] === 'string' ? hotStatementName(args[0]) : undefined;
        const result = name
          ? client.query({ name, text: args[0] as string, values: args[1] as unknown[] })
          : (client.query as (...a: unknown[]) => unknown)(...args);
        // Streams pass a Cursor and get it back, not a promise.
        if (!(result instanceof Promise)) return result;
        return result.then(readingInt64, (error: unknown) => {
          if (!(error instanceof pgDriver().DatabaseError) && isDatabaseUnavailable(error)) {
            broken = error as Error;
          }
          throw error;
        });
      };
      return { query, release: () => client.release(broken) } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/**
 * A result's rows read through the int64 rule (int64-columns.ts), planned from the result's own
 * field types: int8 columns and money names, no other column touched. A multi-statement query
 * (migrations) answers one result per statement.
 */
function readingInt64(result: unknown): unknown {
  for (const one of Array.isArray(result) ? result : [result]) {
    const { fields, rows } = one as Partial<pg.QueryResult>;
    if (!fields || !rows || rows.length === 0) continue;
    int64Reading(
      fields
        .filter((field) => field.dataTypeID === INT8_OID || MONEY_COLUMNS.has(field.name))
        .map((field) => field.name),
    )(rows);
  }
  return result;
}

/**
 * Kysely's SQLite driver prepares every statement on every query; preparing costs more than
 * running the small indexed queries of the hot paths. Statements are reused by their SQL text
 * (Kysely emits the same text for the same query shape, values are bound), in a bounded map.
 */
function withStatementCache(database: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        statement = exactIntegers(database.prepare(sql));
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * better-sqlite3 returns an INTEGER as a JS number, rounding one beyond 2^53 without a word. A
 * statement that returns rows runs in safeIntegers mode: every INTEGER arrives as an exact
 * BigInt, and its rows are read through the int64 rule (int64-columns.ts) planned once for the
 * statement from its result columns' declared types, so only the columns that can hold an
 * integer are touched, never every key of every row.
 */
function exactIntegers(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.safeIntegers(true);
  let plan = sqliteReading(statement);
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters);
      // A statement SQLite recompiled after a schema change may return other columns than the
      // plan was made for (SELECT * after ALTER TABLE ADD COLUMN): the first row tells, once
      // per query.
      if (rows.length > 0 && !plan.fits(rows[0] as object)) plan = sqliteReading(statement);
      plan.read(rows);
      return rows;
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters)) {
        if (!plan.fits(row as object)) plan = sqliteReading(statement);
        plan.read([row]);
        yield row;
      }
    },
  };
}

interface SqliteReading {
  read: Int64Reading;
  /** Whether a row has exactly the columns the plan was made for, in order. */
  fits(row: object): boolean;
}

/**
 * The statement's columns that can hold an integer: those without TEXT or REAL affinity
 * (sqlite.org/datatype3.html section 3.1: a declared type containing CHAR, CLOB or TEXT stores
 * a number as text; REAL, FLOA or DOUB stores it as a float), expressions (no declared type),
 * and any money name.
 */
function sqliteReading(statement: SQLite.Statement): SqliteReading {
  const columns = statement.columns();
  // The keys of a row in the order a row enumerates them: a name twice (a join's two `id`s) is
  // one key, where the first one stood; an integer-like name (`SELECT 1`) comes first.
  const names = Object.keys(Object.fromEntries(columns.map(({ name }) => [name, true])));
  const read = int64Reading(
    columns
      .filter(({ name, type }) => MONEY_COLUMNS.has(name) || mayHoldInteger(type))
      .map(({ name }) => name),
  );
  return {
    read,
    fits(row) {
      let i = 0;
      for (const key in row) if (key !== names[i++]) return false;
      return i === names.length;
    },
  };
}

function mayHoldInteger(declared: string | null): boolean {
  if (declared === null) return true;
  const type = declared.toUpperCase();
  if (type.includes('INT')) return true;
  return !/CHAR|CLOB|TEXT|REAL|FLOA|DOUB/.test(type);
}
