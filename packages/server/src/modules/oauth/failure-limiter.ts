import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import {
  countAttempt,
  deleteStaleAttempts,
  releaseAttempts,
  type AttemptCount,
} from './auth-failures.repository.js';

export type AttemptReservation =
  | { kind: 'limited'; retryAfterSeconds: number }
  | {
      kind: 'reserved';
      /** Gives the attempt back: call it when the credentials turned out right. */
      release(): Promise<void>;
    };

const WINDOW_MS = 60_000;

/**
 * The token endpoint's guard against guessing. An attempt is counted *before* its credentials
 * are evaluated, atomically in the database, so neither concurrency nor several API processes
 * can get more than `limit` attempts per window evaluated: a burst of N at once sees counts
 * 1…N and all past `limit` are refused unevaluated. A successful attempt gives its count back,
 * so what stays counted is failures (and attempts still in flight).
 *
 * Two keys are limited, each to `limit` per minute:
 * - (client id, source address): guessing one client's secret from one place. Keyed by the pair,
 *   not the client id alone, so someone who knows a client id cannot lock the real client out
 *   from elsewhere (issue 6, point 4).
 * - source address: one place guessing across many client ids. Checked first, so a limited
 *   address creates no per-pair rows.
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
    const byAddress = { key: `addr:${address}`, ...(await this.count(`addr:${address}`, now)) };
    if (byAddress.count > this.limit) return this.limited(byAddress, now);
    // Client ids longer than any real one are cut, as the lookup does, to bound the key.
    const pairKey = `pair:${clientId.slice(0, 64)}|${address}`;
    const byPair = { key: pairKey, ...(await this.count(pairKey, now)) };
    // The address keeps this attempt even when the pair refuses it: it was still made from there.
    if (byPair.count > this.limit) return this.limited(byPair, now);
    return { kind: 'reserved', release: () => releaseAttempts(this.db, [byAddress, byPair]) };
  }

  private count(key: string, now: number): Promise<AttemptCount> {
    return countAttempt(this.db, key, now, WINDOW_MS);
  }

  private limited(counted: AttemptCount, now: number): AttemptReservation {
    const msLeft = counted.windowStart + WINDOW_MS - now;
    return { kind: 'limited', retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
  }

  /** Drops counters of past windows, at most once a window per process, to keep the table small. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    await deleteStaleAttempts(this.db, now - WINDOW_MS);
  }
}
