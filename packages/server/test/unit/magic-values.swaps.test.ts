import { describe, expect, it } from 'vitest';
import { swapOutcome } from '../../src/sandbox/magic-values.js';

// Issue 8 point 8: a swap whose source amount's minor units end in 66 fails at the desk.
describe('swap outcome by source amount (minor units)', () => {
  it.each([
    [10_066, 'fail'], // "100.66" BRL
    [5_000_066, 'fail'], // "5.000066" USDT
    [66, 'fail'],
    [166, 'fail'],
    [100_000, 'complete'],
    [6_600, 'complete'], // "66.00": the minor units end in 00
    [10_065, 'complete'],
    [10_067, 'complete'],
    [6, 'complete'],
    [656, 'complete'],
  ])('%i → %s', (amount, kind) => {
    expect(swapOutcome(BigInt(amount)).kind).toBe(kind);
  });

  it('fails with RAIL_REJECTED and a message naming the magic value', () => {
    expect(swapOutcome(10_066n)).toEqual({
      kind: 'fail',
      reason: { code: 'RAIL_REJECTED', message: expect.stringContaining('66') as string },
    });
  });
});
