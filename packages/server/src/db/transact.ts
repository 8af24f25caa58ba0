import type { Transaction } from 'kysely';
import type { Db, Tables } from './database.js';

/** A handle that is certainly inside a transaction: money and lifecycle functions take this, so
 *  they cannot be called on the bare pool. */
export type Trx = Transaction<Tables>;

/** A transaction plus somewhere to put what must happen only once it has committed. */
export interface Tx {
  trx: Trx;
  afterCommit(hook: () => void): void;
}

export interface TransactOptions {
  /**
   * The transaction reads what it will then write on, before its first write: on SQLite it
   * takes the write lock at BEGIN (`BEGIN IMMEDIATE`, db/sqlite-connection-gate.ts), so those
   * reads cannot be overtaken by another process's commit. PostgreSQL opens it `READ WRITE`,
   * its default, in the same one round trip; its rows are locked by the reads themselves.
   */
  readsToWrite?: boolean;
}

/**
 * Runs `fn` in one transaction; its after-commit hooks run only if the commit succeeded (the
 * transactional-outbox rule: nothing is announced that was not committed).
 */
export async function transact<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  options: TransactOptions = {},
): Promise<T> {
  const hooks: (() => void)[] = [];
  const builder = options.readsToWrite
    ? db.transaction().setAccessMode('read write')
    : db.transaction();
  const result = await builder.execute((trx) =>
    fn({ trx, afterCommit: (hook) => void hooks.push(hook) }),
  );
  for (const hook of hooks) hook();
  return result;
}
