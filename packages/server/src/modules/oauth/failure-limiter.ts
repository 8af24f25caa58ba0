import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import {
  countAttempts,
  deleteStaleAttempts,
  recordFailures,
  releaseAttempts,
  type AttemptCount,
} from './auth-failures.repository.js';

export type AttemptReservation =
  | { kind: 'limited'; retryAfterSeconds: number }
  | {
      kind: 'reserved';
      /** The credentials were right: the attempt is given back. */
      release(): Promise<void>;
      /** The credentials were wrong: the attempt stays counted, as a failure. */
      fail(): Promise<void>;
    };

const WINDOW_MS = 60_000;

/**
 * The token endpoint's guard against guessing. An attempt is counted *before* its credentials
 * are evaluated, atomically in the database, so neither concurrency nor several API processes
 * can get more than `limit` attempts per window evaluated: a burst of N at once sees counts
 * 1…N, and all past `limit` are refused unevaluated (and given back, since they were not tried).
 * A successful attempt gives its count back too, so what stays counted is failures; attempts
 * in flight count while they last.
 *
 * Two keys are limited, each to `limit` per window:
 * - (client id, source address): guessing one client's secret from one place. Keyed by the pair,
 *   not the client id alone, so someone who knows a client id cannot lock the real client out
 *   from elsewhere (issue 6, point 4).
 * - source address: one place guessing across many client ids.
 * Both are counted in one statement; an attempt over either limit gives both counts back.
 */
export class TokenFailureLimiter {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limit: number,
  ) {}

  async reserve(clientId: string, address: string): Promise<AttemptReservation> {
    const now = this.clock.now();
    await this.sweep(now);
    // Client ids longer than any real one are cut, as the lookup does, to bound the key.
    const pairKey = `pair:${clientId.slice(0, 64)}|${address}`;
    // Both keys in one statement: a success costs this and the release, nothing more.
    const counted = await countAttempts(this.db, [`addr:${address}`, pairKey], now, WINDOW_MS);
    const [byAddress, byPair] = counted as [AttemptCount, AttemptCount];
    if (byAddress.count > this.limit) return this.refuse(counted, byAddress, now);
    if (byPair.count > this.limit) return this.refuse(counted, byPair, now);
    return {
      kind: 'reserved',
      release: () => releaseAttempts(this.db, counted),
      fail: () => recordFailures(this.db, counted),
    };
  }

  /**
   * Gives back an attempt refused unevaluated (only evaluated attempts may count, or a burst of
   * right secrets would leave its refusals counted and lock the address out for the window).
   * Past `limit` failures, the wait is the rest of the window; when the limit is taken by
   * attempts still in flight, they settle in milliseconds, so 1 s.
   */
  private async refuse(
    counted: AttemptCount[],
    over: AttemptCount,
    now: number,
  ): Promise<AttemptReservation> {
    await releaseAttempts(this.db, counted);
    const msLeft = over.windowStart + WINDOW_MS - now;
    const retryAfterSeconds =
      over.failures >= this.limit ? Math.max(1, Math.ceil(msLeft / 1000)) : 1;
    return { kind: 'limited', retryAfterSeconds };
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
