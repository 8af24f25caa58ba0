import {
  SqliteAdapter,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { Db, Engine } from './database.js';

/**
 * Every difference between the two engines that the shared Kysely code must know about, in one
 * place. PostgreSQL runs many writers at once, so readers that are about to write take row locks;
 * SQLite has one writer at a time (the write lock is the lock), so the same calls are no-ops there.
 */
export interface Dialect {
  readonly engine: Engine;
  /** `FOR UPDATE`: the rows read stay ours until commit. */
  forUpdate<DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * `FOR NO KEY UPDATE OF table`: the lock an UPDATE of non-key columns takes, taken when the
   * rows are read because they will be updated: a second such reader waits here instead of
   * deadlocking with us on the upgrade from a shared lock, while inserts of rows that reference
   * them (foreign keys) go on.
   */
  forNoKeyUpdate<DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
    table?: TB & string,
  ): SelectQueryBuilder<DB, TB, O>;
  /** `FOR SHARE OF table`: writers of these rows wait for our commit, readers do not. */
  forShare<DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
    table?: TB & string,
  ): SelectQueryBuilder<DB, TB, O>;
  /** `FOR UPDATE SKIP LOCKED`: concurrent claimers take disjoint rows (the queue's claim). */
  forUpdateSkipLocked<DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * Announces on `channel` once the transaction commits (at once when `db` is the pool), to every
   * process (or does nothing); the payload (at most 8000 bytes on PostgreSQL) reaches the
   * listeners as it is.
   */
  notify(db: Db, channel: string, payload?: string): Promise<void>;
  /**
   * `notify` as an expression a statement of the transaction can carry (in its RETURNING),
   * one round trip fewer than `notify`; undefined where `notify` does nothing. PostgreSQL
   * delivers identical notifications of one transaction once, however many rows return it.
   */
  notice(channel: string): RawBuilder<unknown> | undefined;
  /** Whether `notify` reaches other processes, so a worker can LISTEN instead of polling. */
  readonly notifiesOtherProcesses: boolean;
  /**
   * Whether every statement is a round trip to a database server (PostgreSQL), so that a read
   * and the write that follows are worth folding into one statement (jobs/claim-heads.ts).
   * SQLite runs in the process: a statement there is a call. (Many units' writes are batched
   * into multi-row statements on both engines, db/group-commit.ts: on SQLite each statement
   * still costs its query building, measured in docs/performance.md.)
   */
  readonly statementIsARoundTrip: boolean;
  /**
   * Whether one statement may write several tables (PostgreSQL's data-modifying `WITH`): the
   * ledger then places a hold in one round trip, so the contended balance row stays locked for
   * one statement and the commit rather than four (ledger/place-hold-in-one-statement.ts).
   */
  readonly writesInOneStatement: boolean;
  /**
   * A condition that locks `key` until the transaction ends, or is false when another
   * transaction holds it (a PostgreSQL advisory lock, never waited for). Always true on SQLite,
   * whose single writer already runs one such transaction at a time.
   */
  tryLockUntilCommit(key: Expression<string>): RawBuilder<boolean>;
  /** Whether `CROSS JOIN LATERAL` and `unnest(array)` exist (one statement per list of keys). */
  readonly lateralJoins: boolean;
  /**
   * A subquery of the rows of `table` whose `id` is in `ids`, each read by primary key whatever
   * the planner would estimate for the table (a metadata filter's candidates:
   * db/metadata-filter.ts). PostgreSQL seeks each id with a LATERAL subquery, SQLite walks them
   * as the outer loop of a CROSS JOIN (SQLite never reorders one). Its LIMIT (no-op: ids are
   * unique) is a fence: neither engine merges a subquery with a LIMIT into the statement around
   * it or pushes that statement's terms into it.
   */
  rowsById(table: string, ids: readonly string[]): RawBuilder<unknown>;
  /**
   * A subquery of the rows `read(key)` reads from `table` for each of `keys`, together: `read`
   * is a read of `table` alone, correlated on `key`, with its ORDER BY and LIMIT (an account's
   * page: operations/read-operations-of-accounts.ts), so the statement has one read whatever
   * the number of keys. PostgreSQL runs it once per key as a LATERAL subquery over
   * unnest(keys); SQLite, which has no LATERAL, walks the keys (json_each) as the outer loop of
   * a CROSS JOIN and reads each one's ids as a correlated IN list, each row then by primary key.
   */
  rowsPerKey(
    table: string,
    keys: readonly string[],
    read: (key: Expression<string>) => PerKeyRead,
  ): RawBuilder<unknown>;
  /**
   * Whether the engine runs one writer at a time (SQLite): several rows may then be updated in
   * one statement with no lock order to keep, since no other writer can hold one of them.
   */
  readonly oneWriterAtATime: boolean;
}

/** What `rowsPerKey` reads for one key: a select of its table's rows (any typing). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PerKeyRead = SelectQueryBuilder<any, any, any>;

/** Namespace of cofre's advisory locks (the first key of the two-key form): "cof". */
const ADVISORY_LOCK_NAMESPACE = 0x636f66;

const postgres: Dialect = {
  engine: 'postgres',
  forUpdate: (qb) => qb.forUpdate(),
  forNoKeyUpdate: (qb, table) => (table ? qb.forNoKeyUpdate(table) : qb.forNoKeyUpdate()),
  forShare: (qb, table) => (table ? qb.forShare(table) : qb.forShare()),
  forUpdateSkipLocked: (qb) => qb.forUpdate().skipLocked(),
  // NOTIFY inside a transaction is delivered only if and when it commits.
  // Identical notifications of one transaction are delivered once.
  notify: async (db, channel, payload = '') => {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  },
  notice: (channel) => sql`pg_notify(${channel}, '')`,
  notifiesOtherProcesses: true,
  statementIsARoundTrip: true,
  writesInOneStatement: true,
  lateralJoins: true,
  // The namespace is part of the SQL text, not a bound value: a statement taking the lock can
  // then be prepared once with only its own values bound (db/hot-reads.ts).
  tryLockUntilCommit: (key) =>
    sql<boolean>`pg_try_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_NAMESPACE)}, hashtext(${key}))`,
  rowsById: (table, ids) =>
    sql`(select r.* from unnest(${ids}::text[]) as c(id)
      cross join lateral (select * from ${sql.table(table)} where id = c.id limit 1) as r
      limit ${ids.length})`,
  rowsPerKey: (_table, keys, read) =>
    sql`(select r.* from unnest(${keys}::text[]) as k(value)
      cross join lateral (${read(sql.ref('k.value'))}) as r)`,
  oneWriterAtATime: false,
};

const sqlite: Dialect = {
  engine: 'sqlite',
  forUpdate: (qb) => qb,
  forNoKeyUpdate: (qb) => qb,
  forShare: (qb) => qb,
  forUpdateSkipLocked: (qb) => qb,
  notify: () => Promise.resolve(),
  notice: () => undefined,
  notifiesOtherProcesses: false,
  statementIsARoundTrip: false,
  writesInOneStatement: false,
  tryLockUntilCommit: () => sql<boolean>`1`,
  lateralJoins: false,
  // One bound value for the list (a JSON array), read by json_each.
  rowsById: (table, ids) =>
    sql`(select r.* from json_each(${JSON.stringify(ids)}) as c
      cross join ${sql.table(table)} as r where r.id = c.value
      limit ${ids.length})`,
  rowsPerKey: (table, keys, read) =>
    sql`(select r.* from json_each(${JSON.stringify(keys)}) as k
      cross join ${sql.table(table)} as r
      where r.id in (${read(sql.ref('k.value'))
        .clearSelect()
        .select(sql.ref(`${table}.id`).as('id'))}))`,
  oneWriterAtATime: true,
};

export const dialectFor = (engine: Engine): Dialect => (engine === 'postgres' ? postgres : sqlite);

/** The dialect of a handle (a pool or a transaction), for code that receives only the handle. */
export const dialectOf = (db: Pick<Kysely<unknown>, 'getExecutor'>): Dialect =>
  db.getExecutor().adapter instanceof SqliteAdapter ? sqlite : postgres;
