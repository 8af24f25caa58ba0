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

describe('pacing a customer that keeps a busy loop to itself', () => {
  afterEach(() => vi.useRealTimers());

  it('pauses a key after a request, as long again as it took at a half share, while others are active and the loop is busy', async () => {
    vi.useFakeTimers();
    const { loop, advance } = paced(0.5);
    advance(100); // one window: the loop's utilization is read
    loop.done('a', 20, true);
    const waiting = loop.wait('a');
    expect(waiting).toBeInstanceOf(Promise);
    let resumed = false;
    void waiting!.then(() => (resumed = true));
    await vi.advanceTimersByTimeAsync(19);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resumed).toBe(true);
    // Another key is never paused by a's pause.
    expect(loop.wait('b')).toBeUndefined();
  });

  it('scales the pause with the share and caps it', () => {
    const { loop, advance } = paced(0.25);
    advance(100);
    loop.done('a', 10, true); // 10 ms × (1/0.25 − 1) = 30 ms
    advance(29);
    expect(loop.wait('a')).toBeInstanceOf(Promise);
    advance(1);
    expect(loop.wait('a')).toBeUndefined();
    loop.done('a', 1_000, true);
    advance(100);
    expect(loop.wait('a')).toBeUndefined();
  });

  it('never pauses a key alone, nor any key while the loop has room', () => {
    const { loop, advance, setUtilization } = paced(0.5);
    advance(100);
    loop.done('a', 20, false);
    expect(loop.wait('a')).toBeUndefined();
    setUtilization(0.3);
    advance(100);
    loop.done('a', 20, true);
    expect(loop.wait('a')).toBeUndefined();
    expect(loop.paused).toBe(0);
  });

  it('does nothing at a full share', () => {
    const { loop, advance } = paced(1);
    advance(100);
    loop.done('a', 20, true);
    expect(loop.wait('a')).toBeUndefined();
  });

  it('forgets ended pauses when many keys have one', () => {
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
