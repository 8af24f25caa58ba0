import type { Db } from '../../db/database.js';

export interface AttemptCount {
  count: number;
  windowStart: number;
}

/**
 * Counts one attempt for `key` and returns the count including it, in one statement (an
 * UPSERT … RETURNING), so concurrent attempts on any process each see a distinct count: the
 * counter cannot be read by two requests before either writes it. A window that has passed
 * restarts at 1 from `now`.
 */
export async function countAttempt(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<AttemptCount> {
  const row = await db
    .insertInto('auth_failures')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const open = eb('auth_failures.window_start', '>', now - windowMs);
        return {
          count: eb.case().when(open).then(eb('auth_failures.count', '+', 1)).else(1).end(),
          window_start: eb
            .case()
            .when(open)
            .then(eb.ref('auth_failures.window_start'))
            .else(now)
            .end(),
        };
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Gives back attempts counted in the given windows (a window that restarted since is left be). */
export async function releaseAttempts(
  db: Db,
  attempts: readonly { key: string; windowStart: number }[],
): Promise<void> {
  if (attempts.length === 0) return;
  await db
    .updateTable('auth_failures')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where((eb) =>
      eb.or(
        attempts.map((a) =>
          eb.and([eb('key', '=', a.key), eb('window_start', '=', a.windowStart)]),
        ),
      ),
    )
    .where('count', '>', 0)
    .execute();
}

/** Deletes counters whose window opened at or before `before` (they no longer limit anything). */
export async function deleteStaleAttempts(db: Db, before: number): Promise<void> {
  await db.deleteFrom('auth_failures').where('window_start', '<=', before).execute();
}
