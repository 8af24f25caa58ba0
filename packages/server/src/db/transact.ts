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

/**
 * Runs `fn` in one transaction; its after-commit hooks run only if the commit succeeded (the
 * transactional-outbox rule: nothing is announced that was not committed).
 */
export async function transact<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db
    .transaction()
    .execute((trx) => fn({ trx, afterCommit: (hook) => void hooks.push(hook) }));
  for (const hook of hooks) hook();
  return result;
}
