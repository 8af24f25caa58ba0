import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopSlice } from '../../src/lib/loop-slice.js';

/** A slice of 2 ms on a clock the test moves. */
const sliceAt = () => {
  const clock = { ms: 0 };
  return { clock, slice: new LoopSlice(2, () => clock.ms) };
};

// Statements run back to back until the turn's slice is spent; then each waits for the next
// turn, where all that wait are released, oldest first (lib/loop-slice.ts).
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

  it('releases every waiter in the next turn, in the order they came; a newcomer meanwhile waits too', async () => {
    const { clock, slice } = sliceAt();
    slice.runsNow();
    clock.ms = 3;
    const order: string[] = [];
    for (const name of ['a', 'b', 'c']) void slice.wait()!.then(() => order.push(name));
    expect(slice.waiting).toBe(3);
    // A newcomer while others wait goes behind them, even if the slice were fresh.
    clock.ms = 0;
    expect(slice.runsNow()).toBe(false);
    void slice.wait()!.then(() => order.push('late'));
    expect(order).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(order).toEqual(['a', 'b', 'c', 'late']);
    expect(slice.waiting).toBe(0);
  });

  it('holds, after the released ones spend the new slice, whoever comes next until the turn after', async () => {
    const { clock, slice } = sliceAt();
    slice.runsNow();
    clock.ms = 3;
    let later: Promise<void> | undefined;
    void slice.wait()!.then(() => {
      clock.ms = 10; // the released statement ran long
      later = slice.wait();
    });
    await nextTurn();
    await nextTurn();
    expect(later).toBeInstanceOf(Promise);
  });
});
