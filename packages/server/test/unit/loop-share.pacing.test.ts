import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoopShare } from '../../src/lib/loop-share.js';

/** A LoopShare on a clock the test moves, with a loop as busy as the test says. */
function paced(share: number, utilization = 0.9) {
  let now = 0;
  let busy = utilization;
  const loop = new LoopShare({
    share,
    now: () => now,
    utilization: () => busy,
    windowMs: 100,
    maxGapMs: 100,
  });
  return {
    loop,
    advance: (ms: number) => (now += ms),
    setUtilization: (value: number) => (busy = value),
  };
}

describe('pacing the customer that dominates a busy loop', () => {
  afterEach(() => vi.useRealTimers());

  it('lets a dominant key spend its saved-up budget, then makes it wait until it is refilled at its share', async () => {
    vi.useFakeTimers();
    const { loop, advance } = paced(0.5);
    advance(100); // one window: the loop's utilization is read
    // A half share saves up 50 ms: a first request of 40 ms leaves 10 ms, the next one owes 20.
    loop.done('a', 40, true);
    expect(loop.wait('a')).toBeUndefined();
    loop.done('a', 30, true);
    const waiting = loop.wait('a');
    expect(waiting).toBeInstanceOf(Promise);
    let resumed = false;
    void waiting!.then(() => (resumed = true));
    // 20 ms owed at half a millisecond per millisecond: 40 ms.
    await vi.advanceTimersByTimeAsync(39);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resumed).toBe(true);
    // Another key is never held by a's budget.
    expect(loop.wait('b')).toBeUndefined();
  });

  it('counts overlapping requests, and bounds what a key may owe', () => {
    const { loop, advance } = paced(0.25);
    advance(100);
    for (let i = 0; i < 10; i++) loop.done('a', 1_000, true);
    // Owed at most 25 ms (a quarter of 100): a wait of at most 100 ms.
    advance(99);
    expect(loop.wait('a')).toBeInstanceOf(Promise);
    advance(1);
    expect(loop.wait('a')).toBeUndefined();
  });

  it('never charges a key that does not dominate, nor any key while the loop has room', () => {
    const { loop, advance, setUtilization } = paced(0.5);
    advance(100);
    loop.done('a', 1_000, false);
    expect(loop.wait('a')).toBeUndefined();
    setUtilization(0.3);
    advance(100);
    loop.done('a', 1_000, true);
    expect(loop.wait('a')).toBeUndefined();
    expect(loop.paused).toBe(0);
  });

  it('does nothing at a full share', () => {
    const { loop, advance } = paced(1);
    advance(100);
    loop.done('a', 1_000, true);
    expect(loop.wait('a')).toBeUndefined();
  });

  it('forgets the budgets that are full again when many keys have one', () => {
    const { loop, advance } = paced(0.5);
    advance(100);
    for (let i = 0; i < 1_000; i++) loop.done(`k${i}`, 1, true);
    expect(loop.paused).toBe(1_000);
    advance(10);
    loop.done('a', 1, true);
    expect(loop.paused).toBe(1);
  });

  it.each([0, -0.5, 1.5])('refuses a share of %s', (share) => {
    expect(() => new LoopShare({ share })).toThrow(RangeError);
  });
});
