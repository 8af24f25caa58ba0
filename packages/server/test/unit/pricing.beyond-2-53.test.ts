import { describe, expect, it } from 'vitest';
import { parseRate } from '../../src/lib/rate.js';
import { convertDown, priceOrder, priceQuote, sourceForTarget } from '../../src/pricing/pricing.js';

// Issue 16 point 0: conversion arithmetic is exact bigint arithmetic at any size; only the
// per-request maximum (a business limit) refuses a result, never a rounding.
describe('pricing beyond 2^53 minor units', () => {
  const rate = parseRate('100000')!; // USDT per BTC

  it.each([
    // amount, from, to, rate, ⌊amount × rate⌋ in minor units of `to`
    [2_100_000_000_000_000n, 'BTC', 'USDT', '100000', 2_100_000_000_000_000_000n],
    [9_007_199_254_740_993n, 'BTC', 'USDT', '1', 90_071_992_547_409n],
    [9_007_199_254_740_993n, 'USDT', 'BRL', '5.4123', 4_874_966_452_643n],
    [9_007_199_254_740_993n, 'BRL', 'BTC', '0.000001234567', 11_119_990_962_327_823n],
    [1n, 'BTC', 'USDT', '0.000000000001', 0n],
  ] as const)('converts %s %s to %s at %s down to %s', (amount, from, to, r, expected) => {
    expect(convertDown(amount, from, to, parseRate(r)!)).toBe(expected);
  });

  it('finds the least source beyond 2^53, rounded up', () => {
    const tiny = parseRate('0.00001')!; // BTC per USDT
    const source = sourceForTarget(2n ** 53n, 'USDT', 'BTC', tiny);
    expect(source).toBe(9_007_199_254_740_992_000n);
    expect(convertDown(source, 'USDT', 'BTC', tiny)).toBe(2n ** 53n);
    expect(convertDown(source - 1n, 'USDT', 'BTC', tiny)).toBe(2n ** 53n - 1n);
  });

  it('prices a quote whose target passes the per-request maximum as too large', () => {
    const priced = priceQuote({
      sourceAsset: 'BTC',
      targetAsset: 'USDT',
      rate,
      fee: undefined,
      sourceAmount: 2_100_000_000_000_000n,
    });
    expect(priced).toEqual({ kind: 'too-large' });
  });

  it('prices an order at the per-request maximum exactly', () => {
    const priced = priceOrder({
      side: 'BUY',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      amount: 10_000_000_000n, // 100 BTC
      price: rate,
      fee: { percentagePpm: 5_000, fixed: {} },
    });
    // 100 BTC × 100,000 = 10,000,000 USDT (1e13 micro), fee 0.5 % rounded up.
    expect(priced).toEqual({
      kind: 'priced',
      notional: 10_000_000_000_000n,
      fees: [{ type: 'PERCENTAGE', amount: 50_000_000_000n, asset: 'USDT' }],
      spend: { asset: 'USDT', amount: 10_050_000_000_000n },
      receive: { asset: 'BTC', amount: 10_000_000_000n },
    });
  });
});
