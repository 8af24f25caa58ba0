import type { Db } from '../../db/database.js';
import {
  countAttempts,
  recordFailures,
  releaseAttempts,
  type AttemptCount,
} from './auth-failures.repository.js';
import { limited, WINDOW_MS, type AttemptOutcome, type Evaluate } from './attempt-outcome.js';

/**
 * One attempt on an engine with many writers at once (PostgreSQL): the attempt is counted
 * *before* its credentials are evaluated, atomically in the database, so neither concurrency nor
 * several API processes can get more than `limit` attempts per window evaluated: a burst of N at
 * once sees counts 1…N, and all past `limit` are refused unevaluated (and given back, since they
 * were not tried). A successful attempt gives its count back too, so what stays counted is
 * failures; attempts in flight count while they last. Both keys are counted in one statement; an
 * attempt over either limit gives both counts back.
 */
export async function countedAttempt<T>(
  db: Db,
  keys: readonly [string, string],
  now: number,
  limit: number,
  evaluate: Evaluate<T>,
): Promise<AttemptOutcome<T>> {
  const counted = await countAttempts(db, keys, now, WINDOW_MS);
  const over = counted.find((count) => count.count > limit);
  if (over) {
    // Only evaluated attempts may count, or a burst of right secrets would leave its refusals
    // counted and lock the address out for the window.
    await releaseAttempts(db, counted);
    return limited(over, limit, now);
  }
  let failed = false;
  try {
    const verdict = await evaluate(db);
    failed = verdict.kind === 'failed';
    return { kind: 'evaluated', verdict };
  } finally {
    // Best effort: if the write fails, the count is still bounded by its window, and the answer
    // is already decided. An evaluation that threw (the client could not be read) compared
    // nothing, so its count is given back.
    await settle(db, counted, failed).catch(() => undefined);
  }
}

function settle(db: Db, counted: AttemptCount[], failed: boolean): Promise<void> {
  return failed ? recordFailures(db, counted) : releaseAttempts(db, counted);
}
