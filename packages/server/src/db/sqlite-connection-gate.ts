import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import type { LoopSlice } from '../lib/loop-slice.js';

/**
 * SQLite has one connection per process, which Kysely's driver lends to one query or transaction
 * at a time. The gate counts the loans asked for and not yet returned, so a hot read
 * (hot-reads.ts) can tell, without waiting, that nobody holds the connection or waits for it:
 * then no transaction is open on it and a statement run at once, in the caller's turn, reads
 * committed data only. Otherwise the hot read takes its turn through Kysely like any query.
 */
export class SqliteConnectionGate {
  private loans = 0;

  /**
   * `slice`: each loan of the connection first waits while the event loop's slice of back-to-back
   * statements is spent (lib/loop-slice.ts), so no chain of statements holds the loop for long.
   */
  constructor(private readonly slice?: LoopSlice) {}

  /** True when no query or transaction holds the connection or waits for it. */
  get free(): boolean {
    return this.loans === 0;
  }

  /** True when a statement may run in this turn (the loop's slice is not spent). */
  runsNow(): boolean {
    return this.slice?.runsNow() ?? true;
  }

  /** Kysely's SQLite dialect, with every loan of its connection counted by this gate. */
  dialect(config: ConstructorParameters<typeof SqliteDialect>[0]): SqliteDialect {
    const counting = (inner: Driver): Driver => this.counting(inner);
    return new (class extends SqliteDialect {
      override createDriver(): Driver {
        return counting(super.createDriver());
      }
    })(config);
  }

  private counting(inner: Driver): Driver {
    const loan = (by: 1 | -1): void => {
      this.loans += by;
    };
    const slice = this.slice;
    return {
      init: () => inner.init(),
      async acquireConnection(): Promise<DatabaseConnection> {
        // Counted before waiting: a waiter is ahead of any hot read that comes after it.
        loan(1);
        try {
          const turn = slice?.wait();
          if (turn) await turn;
          return await inner.acquireConnection();
        } catch (error) {
          loan(-1);
          throw error;
        }
      },
      async releaseConnection(connection: DatabaseConnection): Promise<void> {
        try {
          await inner.releaseConnection(connection);
        } finally {
          loan(-1);
        }
      },
      // A transaction that says it writes (`setAccessMode('read write')`, db/transact.ts
      // `readsToWrite`) takes the write lock at BEGIN: what it reads before its first write is then
      // what it writes on, also against other processes sharing the file. A deferred BEGIN
      // would read a snapshot that another process's commit could make stale before the first
      // write, which SQLite then refuses (SQLITE_BUSY_SNAPSHOT) instead of waiting.
      beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
        settings.accessMode === 'read write'
          ? connection.executeQuery(CompiledQuery.raw('begin immediate')).then(() => undefined)
          : inner.beginTransaction(connection, settings),
      commitTransaction: (connection: DatabaseConnection) => inner.commitTransaction(connection),
      rollbackTransaction: (connection: DatabaseConnection) =>
        inner.rollbackTransaction(connection),
      ...(inner.savepoint && {
        savepoint: (
          connection: DatabaseConnection,
          name: string,
          compile: QueryCompiler['compileQuery'],
        ) => inner.savepoint!(connection, name, compile),
      }),
      ...(inner.rollbackToSavepoint && {
        rollbackToSavepoint: (
          connection: DatabaseConnection,
          name: string,
          compile: QueryCompiler['compileQuery'],
        ) => inner.rollbackToSavepoint!(connection, name, compile),
      }),
      ...(inner.releaseSavepoint && {
        releaseSavepoint: (
          connection: DatabaseConnection,
          name: string,
          compile: QueryCompiler['compileQuery'],
        ) => inner.releaseSavepoint!(connection, name, compile),
      }),
      destroy: () => inner.destroy(),
    };
  }
}
