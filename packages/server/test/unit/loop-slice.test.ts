import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopSlice } from '../../src/lib/loop-slice.js';

/** A slice of 2 ms on a clock the test moves. */
const sliceAt = () => {
  const clock = { ms: 0 };
  return { clock, slice: new LoopSlice(2, () => clock.ms) };
};

// Statements run back to back until the turn's slice is spent; then each waits for a later
// turn, oldest first, one per turn (lib/loop-slice.ts).
describe('LoopSlice', () => {
  it('lets statements run at once while the slice lasts, and holds the next one after it', async () => {
    const { clock, slice } = sliceAt();
    expect(slice.wait()).toBeUndefined(); // starts the slice
    clock.ms = 1.9;
    expect(slice.runsNow()).toBe(true);
    clock.ms = 2;
    const held = slice.wait();
    expect(held).toBeInstanceOf(Promise);
    let ran = false;
    void held!.then(() => (ran = true));
    await Promise.resolve();
    expect(ran).toBe(false); // not in this turn, even after its microtasks
    await nextTurn();
    await nextTurn();
    expect(ran).toBe(true);
  });

  it('starts a new slice in the next turn when nobody waits', async () => {
    const { clock, slice } = sliceAt();
    expect(slice.runsNow()).toBe(true);
    clock.ms = 5;
    expect(slice.runsNow()).toBe(false);
    await nextTurn();
    await nextTurn();
    expect(slice.runsNow()).toBe(true);
  });

  it('releases the waiters one per turn, in the order they came, ahead of later arrivals', async () => {
    const { clock, slice } = sliceAt();
    slice.runsNow();
    clock.ms = 3;
    const order: string[] = [];
    for (const name of ['a', 'b', 'c']) void slice.wait()!.then(() => order.push(name));
    expect(slice.waiting).toBe(3);
    // A newcomer while others wait goes behind them, even in a fresh turn.
    await nextTurn();
    expect(order.length).toBeLessThanOrEqual(2);
    expect(slice.runsNow()).toBe(false);
    void slice.wait()!.then(() => order.push('late'));
    const released: number[] = [order.length];
    for (let i = 0; i < 6; i++) {
      await nextTurn();
      released.push(order.length);
    }
    // At most one more each turn, oldest first.
    for (let i = 1; i < released.length; i++) {
      expect(released[i]! - released[i - 1]!).toBeLessThanOrEqual(1);
    }
    expect(order).toEqual(['a', 'b', 'c', 'late']);
    expect(slice.waiting).toBe(0);
  });
});
