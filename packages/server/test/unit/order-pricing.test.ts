import { describe, expect, it } from 'vitest';
import { parseRate } from '../../src/lib/rate.js';
import { orderPriceOf, priceCrosses } from '../../src/operations/kinds/order/order-pricing.js';

const r = (text: string) => parseRate(text)!;

describe('order price of a side', () => {
  it.each([
    // SELL: the base → quote rate, as given.
    ['SELL', { baseToQuote: r('5.4') }, '5.4'],
    ['SELL', { baseToQuote: r('0.000001818181') }, '0.000001818181'],
    // BUY: 1 / rate(quote → base), rounded up to a rate unit (the house's favour).
    ['BUY', { quoteToBase: r('0.25') }, '4'],
    ['BUY', { quoteToBase: r('0.2') }, '5'],
    ['BUY', { quoteToBase: r('3') }, '0.333333333334'],
    ['BUY', { quoteToBase: r('0.184842883548') }, '5.410000000029'],
    ['BUY', { quoteToBase: r('8') }, '0.125'],
    ['BUY', { quoteToBase: r('1') }, '1'],
  ] as const)('%s from %o → %s', (side, rates, expected) => {
    expect(orderPriceOf(side, rates)).toBe(r(expected));
  });

  it('never lets a BUY price times its source rate fall below one', () => {
    for (const text of ['7', '0.000001818181', '0.184842883548', '123.456789012']) {
      const rate = r(text);
      const price = orderPriceOf('BUY', { quoteToBase: rate });
      const scale = 10n ** 24n;
      expect(price * rate).toBeGreaterThanOrEqual(scale);
      expect((price - 1n) * rate).toBeLessThan(scale);
    }
  });

  it('refuses a rate of the wrong direction', () => {
    expect(() => orderPriceOf('BUY', { baseToQuote: 1n })).toThrow();
    expect(() => orderPriceOf('SELL', { quoteToBase: 1n })).toThrow();
  });
});

describe('a limit price is crossed', () => {
  it.each([
    ['BUY', '5.39', '5.40', true],
    ['BUY', '5.40', '5.40', true],
    ['BUY', '5.41', '5.40', false],
    ['SELL', '5.41', '5.40', true],
    ['SELL', '5.40', '5.40', true],
    ['SELL', '5.39', '5.40', false],
  ] as const)('%s at %s with limit %s → %s', (side, current, limit, expected) => {
    expect(priceCrosses(side, r(current), r(limit))).toBe(expected);
  });
});
