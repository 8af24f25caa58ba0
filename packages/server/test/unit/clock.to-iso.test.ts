import { describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';

// toIso (lib/clock.ts) formats without a Date on the read path; it must say exactly what
// Date#toISOString says for every instant.
describe('toIso', () => {
  const DAY = 86_400_000;
  const LAST = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

  it.each([
    0,
    1,
    999,
    1000,
    DAY - 1,
    DAY,
    Date.UTC(2026, 0, 1),
    Date.UTC(2024, 1, 29, 23, 59, 59, 999), // a leap day's last millisecond
    Date.UTC(2000, 2, 1, 0, 0, 0, 1),
    1_700_000_000_123,
    LAST,
    // Date's own format: before 1970, past year 9999, a fraction of a millisecond
    -1,
    -DAY * 365 * 2000,
    LAST + 1,
    8_640_000_000_000_000,
    1_700_000_000_000.7,
  ])('%s as Date#toISOString says', (ms) => {
    expect(toIso(ms)).toBe(new Date(ms).toISOString());
  });

  it('agrees with Date#toISOString on 200,000 instants, recent ones and any up to year 9999', () => {
    let seed = 42;
    // A fixed pseudo-random sequence in [0, 1), so a failure names the same instant every run.
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
    const differing: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      const ms =
        i % 2 === 0
          ? 1_600_000_000_000 + Math.floor(random() * 300_000_000_000)
          : Math.floor(random() * (LAST + 1));
      if (toIso(ms) !== new Date(ms).toISOString()) differing.push(ms);
    }
    expect(differing).toEqual([]);
  });

  it('throws for a value that is no instant, as Date does', () => {
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(() => toIso(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
