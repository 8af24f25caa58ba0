import type { Clock } from './clock.js';

export type RateDecision =
  { kind: 'allowed'; remaining: number } | { kind: 'limited'; retryAfterSeconds: number };

/**
 * Token bucket per key: `capacity` requests at once, refilled evenly over `windowMs`. Kept in
 * process memory, so with several API processes each enforces its own share (docs/config.md).
 * Idle buckets are dropped so memory stays bounded by the number of active keys.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private readonly refillPerMs: number;
  private lastSweep = 0;

  constructor(
    private readonly capacity: number,
    windowMs: number,
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {
    this.refillPerMs = capacity / windowMs;
  }

  /** Takes one token for `key` if there is one. */
  take(key: string): RateDecision {
    const now = this.clock.now();
    const bucket = this.refill(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { kind: 'allowed', remaining: Math.floor(bucket.tokens) };
    }
    return { kind: 'limited', retryAfterSeconds: this.secondsUntilToken(bucket.tokens) };
  }

  private refill(key: string, now: number): { tokens: number; updatedAt: number } {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      this.sweep(now);
      bucket = { tokens: this.capacity, updatedAt: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(
      this.capacity,
      bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs,
    );
    bucket.updatedAt = now;
    return bucket;
  }

  private secondsUntilToken(tokens: number): number {
    return Math.max(1, Math.ceil((1 - tokens) / this.refillPerMs / 1000));
  }

  /** Drops buckets that have refilled completely (they carry no state). */
  private sweep(now: number): void {
    if (this.buckets.size < this.maxKeys && now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs >= this.capacity) {
        this.buckets.delete(key);
      }
    }
    // Under a flood of distinct keys, forget the oldest rather than grow without bound.
    while (this.buckets.size >= this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }
}
