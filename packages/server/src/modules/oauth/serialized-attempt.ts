import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { readAttempts, recordFailedAttempts } from './auth-failures.repository.js';
import { limited, WINDOW_MS, type AttemptOutcome, type Evaluate } from './attempt-outcome.js';

/**
 * One attempt on an engine with one writer at a time (SQLite): the counters are read, the
 * credentials evaluated and a failure counted inside one write transaction (`BEGIN IMMEDIATE`
 * takes the database's write lock at once). Every attempt of every process sharing the database
 * is then evaluated in turn, seeing every failure settled before it, so no attempt is ever in
 * flight beside another and nothing has to be counted before it is evaluated:
 *
 * - a failure is counted (attempt and failure at once) before the lock is let go, so at most
 *   `limit` wrong credentials per key and window are ever answered 401;
 * - once a key is at its limit, every attempt is refused before evaluation, right or wrong, by
 *   the same path (a read), so neither the answer nor its timing tells a guess from the secret;
 * - a success writes nothing: it never took from the budget, so there is nothing to give back.
 *   The transaction it ran in is a read and an empty commit, which writes no WAL frame.
 *
 * This is what makes the token endpoint cheap on SQLite (docs/performance.md "Token endpoint"):
 * a success no longer costs two write transactions (count, then give back).
 */
export async function serializedAttempt<T>(
  db: Db,
  keys: readonly [string, string],
  now: number,
  limit: number,
  evaluate: Evaluate<T>,
): Promise<AttemptOutcome<T>> {
  // One connection held throughout: no other statement of this process runs inside the
  // transaction, and other processes wait for the write lock (busy timeout), as for any write.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const outcome = await underLock(conn, keys, now, limit, evaluate);
      await sql`commit`.execute(conn);
      return outcome;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

async function underLock<T>(
  conn: Db,
  keys: readonly [string, string],
  now: number,
  limit: number,
  evaluate: Evaluate<T>,
): Promise<AttemptOutcome<T>> {
  const counts = await readAttempts(conn, keys, now, WINDOW_MS);
  // `count` and not `failures`: a process of an earlier version sharing the file counts its
  // attempts in flight there too (counted-attempt.ts), and those must hold this one back.
  const over = counts.find((count) => count.count >= limit);
  if (over) return limited(over, limit, now);
  const verdict = await evaluate(conn);
  if (verdict.kind === 'failed') await recordFailedAttempts(conn, keys, now, WINDOW_MS);
  return { kind: 'evaluated', verdict };
}
