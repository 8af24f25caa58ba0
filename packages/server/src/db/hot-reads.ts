import { CompiledQuery, type Compilable } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Db, Engine } from './database.js';

/**
 * Hot reads (issue 28 point 2): the few fixed-shape reads on nearly every request's path — an
 * account by id, its balances, ... — run below the query builder. Each is written once with
 * Kysely (one query for both engines, no SQL text in the modules), compiled once per engine
 * with markers in place of its values, and afterwards only its values are bound:
 *
 * - on SQLite as a prepared better-sqlite3 statement run at once, in the caller's turn, when the
 *   single connection is free, and otherwise after it is released, so a hot read never runs
 *   inside another request's open transaction (create-db.ts `SqliteHotRunner`);
 * - on PostgreSQL as a named prepared statement (parsed and planned once per connection), on a
 *   connection of the same pool with the same timeouts and broken-connection rule as Kysely's.
 *
 * Both go through the same seams as Kysely's queries, so their rows are read by the same 64-bit
 * rule (int64-columns.ts).
 *
 * Building, compiling and running a small query through Kysely (builders, `Object.freeze`, the
 * operation-node visitor, the driver's promise hops) cost about as much as SQLite answering it
 * (docs/performance.md "Where the time of a read goes"). Which reads are hot is decided here,
 * by the `hotRead` definitions beside their repositories' other queries; everything else stays
 * on Kysely. Inside a transaction (a `Trx`) a hot statement runs on the transaction's own
 * connection: its compiled SQL through Kysely's executor (no building or compiling; on
 * PostgreSQL as the same named statement, create-db.ts), or on SQLite as the prepared statement
 * run at once, since the transaction holds the one connection (`attachHotTransactionRunner`).
 * A caller never has to know which kind of handle it holds. The same mechanism serves the
 * fixed-shape writes of the money path (issue 28 point 8): a "read" whose statement returns no
 * rows answers none.
 */

/** A hot read: a name (the PostgreSQL statement's), and its query built from marked values. */
export interface HotRead<P extends Record<string, unknown>, R> {
  readonly name: string;
  readonly build: (db: Db, values: P) => Compilable<R>;
  readonly keys: readonly (keyof P & string)[];
  /** Per engine: the SQL and, for each bound position, which value goes there. */
  readonly compiled: Map<Engine, { sql: string; positions: readonly number[] }>;
}

/** Runs compiled SQL with bound values on one engine's connection discipline; rows as read. */
export type HotRunner = (
  name: string,
  sql: string,
  values: readonly unknown[],
) => Promise<unknown[]>;

const runners = new WeakMap<Db, { engine: Engine; run: HotRunner }>();

/** Runs compiled SQL with bound values inside a transaction of the handle, at once. */
export type HotTransactionRunner = (sql: string, values: readonly unknown[]) => unknown[];

// Keyed by the handle's adapter, which its transactions share (a Transaction is a Kysely of its
// own, not the handle): one per handle.
const transactionRunners = new WeakMap<object, HotTransactionRunner>();

/** Called once by createDb: hot reads on this handle go through `run`. */
export function attachHotRunner(db: Db, engine: Engine, run: HotRunner): void {
  runners.set(db, { engine, run });
}

/**
 * Called once by createDb for an engine whose transaction holds its one connection (SQLite):
 * inside this handle's transactions, hot statements run through `run`.
 */
export function attachHotTransactionRunner(db: Db, run: HotTransactionRunner): void {
  transactionRunners.set(db.getExecutor().adapter, run);
}

/** PostgreSQL: the statement name of a hot statement's compiled SQL, if it is one. */
export function hotStatementName(sql: string): string | undefined {
  return STATEMENT_NAMES.get(sql);
}

const STATEMENT_NAMES = new Map<string, string>();

/**
 * Defines a hot read. `keys` names its values in a fixed order; `build` must use each exactly
 * where a bound value goes (never in a way that changes the SQL text, such as a list's length).
 */
export function hotRead<P extends Record<string, unknown>, R>(
  name: string,
  keys: readonly (keyof P & string)[],
  build: (db: Db, values: P) => Compilable<R>,
): HotRead<P, R> {
  // The name is the PostgreSQL statement's: two reads under one name would clash there.
  if (HOT_READ_NAMES.has(name)) throw new Error(`hot read ${name} is defined twice`);
  HOT_READ_NAMES.add(name);
  return { name, keys, build, compiled: new Map() };
}

/** Every hot read defined so far, by name (a page read per list size is defined on first use). */
export const HOT_READ_NAMES = new Set<string>();

/** The marker standing for value `i` while the query is compiled; no real value looks like it. */
const marker = (i: number): string => `\u0000hot-read-value-${i}\u0000`;

function compile<P extends Record<string, unknown>, R>(
  read: HotRead<P, R>,
  db: Db,
  engine: Engine,
): { sql: string; positions: readonly number[] } {
  let done = read.compiled.get(engine);
  if (done) return done;
  const markers = Object.fromEntries(read.keys.map((key, i) => [key, marker(i)])) as P;
  const query = read.build(db, markers).compile();
  // A prepared `select *` fails on PostgreSQL once a migration adds a column under a process
  // that prepared it ("cached plan must not change result type"): hot reads name their columns.
  if (/select \*|\.\*/i.test(query.sql)) throw new Error(`hot read ${read.name} selects *`);
  const positions = query.parameters.map((parameter) => {
    const index = read.keys.findIndex((_key, i) => parameter === marker(i));
    if (index < 0) throw new Error(`hot read ${read.name}: a bound value is not one of its keys`);
    return index;
  });
  done = { sql: query.sql, positions };
  read.compiled.set(engine, done);
  if (engine === 'postgres') STATEMENT_NAMES.set(query.sql, `cofre_hot_${read.name}`);
  return done;
}

/** Runs a hot read: below Kysely on a handle from createDb, through Kysely inside a transaction. */
export async function runHotRead<P extends Record<string, unknown>, R>(
  db: Db,
  read: HotRead<P, R>,
  values: P,
): Promise<R[]> {
  const runner = runners.get(db);
  if (runner === undefined) {
    if (!db.isTransaction) {
      const result = await db.executeQuery(read.build(db, values).compile());
      return result.rows;
    }
    const { sql, positions } = compile(read, db, dialectOf(db).engine);
    const bound = positions.map((i) => values[read.keys[i] as keyof P]);
    const direct = transactionRunners.get(db.getExecutor().adapter);
    if (direct) return direct(sql, bound) as R[];
    return (await db.executeQuery<R>(CompiledQuery.raw(sql, bound))).rows;
  }
  const { sql, positions } = compile(read, db, runner.engine);
  const bound = positions.map((i) => values[read.keys[i] as keyof P]);
  // The engine's seam has read the rows through the int64 rule already (create-db.ts).
  return (await runner.run(read.name, sql, bound)) as R[];
}
