import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';

export interface AttemptCount {
  key: string;
  /** Failures and attempts in flight, including this one. */
  count: number;
  /** Settled failures. */
  failures: number;
  windowStart: number;
}

/**
 * Counts one attempt for each of `keys` and returns the counts including it, in one statement
 * (an UPSERT … RETURNING), so concurrent attempts on any process each see a distinct count: the
 * counter cannot be read by two requests before either writes it. A window that has passed
 * restarts from `now` with this attempt alone. Keys must be distinct.
 */
export async function countAttempts(
  db: Db,
  keys: readonly string[],
  now: number,
  windowMs: number,
): Promise<AttemptCount[]> {
  const rows = await upsertAttempts(db, keys, now, windowMs, { asFailure: false })
    .returning(['key', 'count', 'failures', 'window_start'])
    .execute();
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`auth_failures: no count returned for ${key}`);
    return toAttemptCount(row);
  });
}

/**
 * Counts one failed attempt for each of `keys` (attempt and failure at once), restarting a
 * window that has passed. For engines with one writer at a time, where the attempt was evaluated
 * inside the write transaction this runs in (serialized-attempt.ts), so it was never in flight.
 */
export async function recordFailedAttempts(
  db: Db,
  keys: readonly string[],
  now: number,
  windowMs: number,
): Promise<void> {
  await upsertAttempts(db, keys, now, windowMs, { asFailure: true }).execute();
}

/**
 * The counters of `keys` as they stand at `now`, without counting anything: a key with no row,
 * or whose window has passed, counts nothing and would open its window at `now`.
 */
export async function readAttempts(
  db: Db,
  keys: readonly string[],
  now: number,
  windowMs: number,
): Promise<AttemptCount[]> {
  const rows = await db
    .selectFrom('auth_failures')
    .select(['key', 'count', 'failures', 'window_start'])
    .where('key', 'in', keys)
    .execute();
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key);
    const open = row !== undefined && Number(row.window_start) > now - windowMs;
    return open ? toAttemptCount(row) : { key, count: 0, failures: 0, windowStart: now };
  });
}

function upsertAttempts(
  db: Db,
  keys: readonly string[],
  now: number,
  windowMs: number,
  { asFailure }: { asFailure: boolean },
) {
  const failures = asFailure ? 1 : 0;
  return (
    db
      .insertInto('auth_failures')
      // Sorted, so concurrent statements lock the rows in one order (no deadlock on PostgreSQL).
      .values([...keys].sort().map((key) => ({ key, window_start: now, count: 1, failures })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const open = eb('auth_failures.window_start', '>', now - windowMs);
          return {
            count: eb
              .case()
              .when(open)
              .then(eb('auth_failures.count', '+', 1))
              .else(1)
              .end(),
            failures: eb
              .case()
              .when(open)
              .then(
                asFailure ? eb('auth_failures.failures', '+', 1) : eb.ref('auth_failures.failures'),
              )
              .else(failures)
              .end(),
            window_start: eb
              .case()
              .when(open)
              .then(eb.ref('auth_failures.window_start'))
              // Bound, not inlined: a literal made every request's SQL text new, so SQLite
              // prepared it each time and it pushed the hot statements out of the statement cache.
              .else(eb.val(now))
              .end(),
          };
        }),
      )
  );
}

function toAttemptCount(row: {
  key: string;
  count: number;
  failures: number;
  window_start: number;
}): AttemptCount {
  return {
    key: row.key,
    count: Number(row.count),
    failures: Number(row.failures),
    windowStart: Number(row.window_start),
  };
}

type Counted = Pick<AttemptCount, 'key' | 'windowStart'>;

/**
 * Gives back attempts counted in the given windows (a window that restarted since is left be).
 *
 * One single-row statement per key, in key order. A statement that locked both rows would lock
 * them in whatever order the engine scans them, which on PostgreSQL can be the reverse of the
 * order countAttempts locks them in: the two then deadlock, and the give-back that PostgreSQL
 * cancels leaves a count behind that refuses a right secret later in the window (seen in the list
 * benchmark). A statement that holds one row lock and waits for nothing cannot be in a cycle.
 */
export async function releaseAttempts(db: Db, attempts: readonly Counted[]): Promise<void> {
  if (dialectOf(db).oneWriterAtATime) {
    // One writer at a time (SQLite): there is no lock order to keep, so one statement (one
    // write transaction) gives every attempt back, which is most of a successful token request's
    // cost after the count itself (docs/performance.md "HTTP path").
    await db
      .updateTable('auth_failures')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where((eb) =>
        eb.or(
          attempts.map((attempt) =>
            eb.and([eb('key', '=', attempt.key), eb('window_start', '=', attempt.windowStart)]),
          ),
        ),
      )
      .where('count', '>', 0)
      .execute();
    return;
  }
  for (const attempt of inKeyOrder(attempts)) {
    await db
      .updateTable('auth_failures')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', attempt.key)
      .where('window_start', '=', attempt.windowStart)
      .where('count', '>', 0)
      .execute();
  }
}

/**
 * Settles counted attempts as failures: they stay counted, and now also as failures. One
 * statement per key in key order, for the reason releaseAttempts gives.
 */
export async function recordFailures(db: Db, attempts: readonly Counted[]): Promise<void> {
  for (const attempt of inKeyOrder(attempts)) {
    await db
      .updateTable('auth_failures')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('key', '=', attempt.key)
      .where('window_start', '=', attempt.windowStart)
      .execute();
  }
}

/** Deletes counters whose window opened at or before `before` (they no longer limit anything). */
export async function deleteStaleAttempts(db: Db, before: number): Promise<void> {
  await db.deleteFrom('auth_failures').where('window_start', '<=', before).execute();
}

function inKeyOrder(attempts: readonly Counted[]): Counted[] {
  return [...attempts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
