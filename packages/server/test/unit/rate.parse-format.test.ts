import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_SCALE, formatRate, parseRate, rateFromFloat } from '../../src/lib/rate.js';

describe('parseRate', () => {
  it.each([
    ['5.4123', 5_412_300_000_000n],
    ['1', RATE_SCALE],
    ['550000', 550_000n * RATE_SCALE],
    ['0.000000000001', 1n],
    ['0.0000018', 1_800_000n],
    ['007.10', 7_100_000_000_000n],
    ['1.000000000000', RATE_SCALE],
  ] as const)('%s → %i rate units', (text, units) => {
    expect(parseRate(text)).toBe(units);
  });

  it.each([
    ['0', 'zero'],
    ['0.000000000000', 'zero with twelve decimals'],
    ['-1', 'negative'],
    ['-0.5', 'negative fraction'],
    ['1.0000000000001', 'thirteen decimals'],
    ['0.0000000000001', 'below one rate unit'],
    ['', 'empty'],
    ['abc', 'letters'],
    ['1e3', 'exponent'],
    ['+1', 'plus sign'],
    [' 1', 'leading space'],
    ['1 ', 'trailing space'],
    ['.5', 'no whole part'],
    ['1.', 'no fraction digits'],
    ['1,5', 'comma'],
    ['0x10', 'hexadecimal'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['1'.repeat(33), 'longer than 32 characters'],
  ])('refuses %j (%s)', (text) => {
    expect(parseRate(text)).toBeUndefined();
  });
});

describe('formatRate', () => {
  it.each([
    [5_412_300_000_000n, '5.4123'],
    [RATE_SCALE, '1'],
    [550_000n * RATE_SCALE, '550000'],
    [1n, '0.000000000001'],
    [1_800_000n, '0.0000018'],
    [10n * RATE_SCALE + 1n, '10.000000000001'],
  ] as const)('%i → %s', (units, text) => {
    expect(formatRate(units)).toBe(text);
  });

  it('round-trips every positive rate through its decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (units) => {
        const text = formatRate(units);
        expect(text).toMatch(/^[0-9]+(\.[0-9]*[1-9])?$/);
        expect(parseRate(text)).toBe(units);
      }),
    );
  });

  it('gives back the canonical form of every accepted string', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,12}(\.[0-9]{1,12})?$/), (text) => {
        const units = parseRate(text);
        if (units === undefined) return; // all zeros
        // Canonical: no leading zeros in the whole part, no trailing zeros in the fraction.
        const [whole = '', fraction = ''] = text.split('.');
        const canonicalWhole = whole.replace(/^0+(?=[0-9])/, '');
        const canonicalFraction = fraction.replace(/0+$/, '');
        const canonical =
          canonicalFraction === '' ? canonicalWhole : `${canonicalWhole}.${canonicalFraction}`;
        expect(formatRate(units)).toBe(canonical);
      }),
    );
  });
});

describe('rateFromFloat', () => {
  it.each([
    [5.4, 5_400_000_000_000n],
    [0.0000018, 1_800_000n],
    [550_000, 550_000n * RATE_SCALE],
  ] as const)('%d → %i', (value, units) => {
    expect(rateFromFloat(value)).toBe(units);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (value) => {
    expect(() => rateFromFloat(value)).toThrow(RangeError);
  });
});
