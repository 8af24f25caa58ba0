import { describe, expect, it } from 'vitest';
import { parseRate } from '../../src/lib/rate.js';
import { convertDown, priceQuote, sourceForTarget } from '../../src/pricing/pricing.js';

// Issue 16 point 0: a conversion whose result passes 2^53 minor units is refused as too large,
// never rounded to a nearby number.
describe('pricing beyond 2^53 minor units', () => {
  const rate = parseRate('100000')!; // USDT per BTC

  it('converts 21,000,000 BTC to USDT as Infinity (2.1e18 micro-USDT), not a rounded number', () => {
    expect(convertDown(21_000_000 * 1e8, 'BTC', 'USDT', rate)).toBe(Number.POSITIVE_INFINITY);
    expect(sourceForTarget(2 ** 52, 'USDT', 'BTC', parseRate('0.00001')!)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('prices such a quote as too large', () => {
    const priced = priceQuote({
      sourceAsset: 'BTC',
      targetAsset: 'USDT',
      rate,
      fee: undefined,
      sourceAmount: 21_000_000 * 1e8,
    });
    expect(priced).toEqual({ kind: 'too-large' });
  });

  it('still converts exactly just below the bound', () => {
    // 90,071.9925474 BTC at 1e5 = 9,007,199,254.74 USDT: 2^53 − 991 micro-USDT, exact.
    expect(convertDown(9_007_199_254_740, 'BTC', 'USDT', rate)).toBe(9_007_199_254_740_000);
  });
});
