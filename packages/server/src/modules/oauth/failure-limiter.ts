import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import { WINDOW_MS, type AttemptOutcome, type Evaluate } from './attempt-outcome.js';
import { deleteStaleAttempts } from './auth-failures.repository.js';
import { countedAttempt } from './counted-attempt.js';
import { serializedAttempt } from './serialized-attempt.js';

/**
 * The token endpoint's guard against guessing: per key and window, at most `limit` wrong
 * credentials are evaluated, across concurrency and across API processes (the database holds the
 * counters), and once a key is at its limit even the right secret is refused unevaluated.
 *
 * Two keys are limited, each to `limit` per window:
 * - (client id, source address): guessing one client's secret from one place. Keyed by the pair,
 *   not the client id alone, so someone who knows a client id cannot lock the real client out
 *   from elsewhere (issue 6, point 4).
 * - source address: one place guessing across many client ids.
 *
 * How an attempt is kept from racing the others depends on the engine: where one writer runs at a
 * time, each attempt is evaluated inside the write lock (serialized-attempt.ts); elsewhere it is
 * counted before it is evaluated and given back if it did not fail (counted-attempt.ts).
 */
export class TokenFailureLimiter {
  private lastSweep = Number.NEGATIVE_INFINITY;
  private readonly strategy: typeof serializedAttempt;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limit: number,
  ) {
    this.strategy = dialectOf(db).oneWriterAtATime ? serializedAttempt : countedAttempt;
  }

  /** Evaluates one attempt with `evaluate`, unless a key is at its limit. */
  async attempt<T>(
    clientId: string,
    address: string,
    evaluate: Evaluate<T>,
  ): Promise<AttemptOutcome<T>> {
    const now = this.clock.now();
    await this.sweep(now);
    // Client ids longer than any real one are cut, as the lookup does, to bound the key.
    const keys = [`addr:${address}`, `pair:${clientId.slice(0, 64)}|${address}`] as const;
    return this.strategy(this.db, keys, now, this.limit, evaluate);
  }

  /** Drops counters of past windows, at most once a window per process, to keep the table small. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    // Best effort: a sweep that fails (or loses a lock race with a count) only leaves stale rows
    // for the next one, and must not fail the token request it runs in.
    await deleteStaleAttempts(this.db, now - WINDOW_MS).catch(() => undefined);
  }
}
