import { describe, expect, it } from 'vitest';
import { pixRefundOutcome } from '../../src/sandbox/magic-values.js';

describe('PIX refund outcome by amount', () => {
  it.each([
    [1066, 'fail'], // "10.66"
    [66, 'fail'], // "0.66"
    [1060, 'complete'], // "10.60"
    [10660, 'complete'], // "106.60": only the last two digits count
    [10000, 'complete'],
  ])('%i minor units → %s', (amount, kind) => {
    expect(pixRefundOutcome(BigInt(amount)).kind).toBe(kind);
  });

  it('fails with RAIL_REJECTED and a message naming the magic value', () => {
    expect(pixRefundOutcome(1066n)).toMatchObject({
      kind: 'fail',
      reason: { code: 'RAIL_REJECTED', message: expect.stringContaining('66') as string },
    });
  });
});
