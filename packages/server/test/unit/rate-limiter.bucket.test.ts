import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { TokenBucketLimiter } from '../../src/lib/rate-limiter.js';

describe('token bucket limiter', () => {
  it('allows capacity at once, then limits with a Retry-After until a token refills', () => {
    const clock = new ManualClock(0);
    const limiter = new TokenBucketLimiter(3, 60_000, clock);
    for (let i = 0; i < 3; i++) expect(limiter.take('a').kind).toBe('allowed');
    expect(limiter.take('a')).toEqual({ kind: 'limited', retryAfterSeconds: 20 });
    clock.advance(19_999);
    expect(limiter.take('a').kind).toBe('limited');
    clock.advance(1);
    expect(limiter.take('a').kind).toBe('allowed');
  });

  it('keeps keys apart', () => {
    const limiter = new TokenBucketLimiter(1, 1000, new ManualClock(0));
    expect(limiter.take('a').kind).toBe('allowed');
    expect(limiter.take('b').kind).toBe('allowed');
    expect(limiter.take('a').kind).toBe('limited');
  });

  it('stays bounded in memory under a flood of distinct keys', () => {
    const clock = new ManualClock(0);
    const limiter = new TokenBucketLimiter(1, 1000, clock, 100);
    for (let i = 0; i < 1000; i++) limiter.take(`k${i}`);
    expect(
      (limiter as unknown as { buckets: Map<string, unknown> }).buckets.size,
    ).toBeLessThanOrEqual(100);
  });
});
