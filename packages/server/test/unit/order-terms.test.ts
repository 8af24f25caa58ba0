import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import {
  DEFAULT_ORDER_LIFETIME_MS,
  MAX_ORDER_LIFETIME_MS,
  orderTerms,
} from '../../src/operations/kinds/order/order-terms.js';

const now = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const market = { type: 'MARKET', baseAsset: 'USDT', quoteAsset: 'BRL' } as const;
const limit = { ...market, type: 'LIMIT', limitPrice: '5.40' } as const;

function refusal(input: Parameters<typeof orderTerms>[0]): { pointer: string; code: string }[] {
  try {
    orderTerms(input, now);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_DATA');
    return (error as AppError).errors!.map(({ pointer, code }) => ({ pointer, code }));
  }
  throw new Error('accepted');
}

describe('order terms', () => {
  it('a MARKET order has no limit price and no expiry', () => {
    expect(orderTerms(market, now)).toEqual({ limitPrice: null, expiresAt: null });
  });

  it('a LIMIT order expires in 24 h unless told otherwise', () => {
    expect(orderTerms(limit, now)).toEqual({
      limitPrice: 5_400_000_000_000n,
      expiresAt: now + DEFAULT_ORDER_LIFETIME_MS,
    });
    expect(orderTerms({ ...limit, expiresAt: iso(now + 60_000) }, now).expiresAt).toBe(
      now + 60_000,
    );
    expect(
      orderTerms({ ...limit, expiresAt: iso(now + MAX_ORDER_LIFETIME_MS) }, now).expiresAt,
    ).toBe(now + MAX_ORDER_LIFETIME_MS);
  });

  it.each([
    ['the same asset twice', { ...market, quoteAsset: 'USDT' }, [['/quoteAsset', 'SAME_ASSET']]],
    [
      'MARKET with a limit price',
      { ...market, limitPrice: '5' },
      [['/limitPrice', 'UNKNOWN_FIELD']],
    ],
    [
      'MARKET with an expiry',
      { ...market, expiresAt: iso(now + 1000) },
      [['/expiresAt', 'UNKNOWN_FIELD']],
    ],
    ['LIMIT without a limit price', { ...market, type: 'LIMIT' }, [['/limitPrice', 'REQUIRED']]],
    ['a zero limit price', { ...limit, limitPrice: '0.000' }, [['/limitPrice', 'OUT_OF_RANGE']]],
    [
      'thirteen decimals',
      { ...limit, limitPrice: '1.0000000000001' },
      [['/limitPrice', 'OUT_OF_RANGE']],
    ],
    ['an expiry now', { ...limit, expiresAt: iso(now) }, [['/expiresAt', 'OUT_OF_RANGE']]],
    [
      'an expiry past 30 days',
      { ...limit, expiresAt: iso(now + MAX_ORDER_LIFETIME_MS + 1) },
      [['/expiresAt', 'OUT_OF_RANGE']],
    ],
    [
      'everything wrong at once',
      { ...limit, quoteAsset: 'USDT', limitPrice: '0', expiresAt: iso(now - 1) },
      [
        ['/quoteAsset', 'SAME_ASSET'],
        ['/limitPrice', 'OUT_OF_RANGE'],
        ['/expiresAt', 'OUT_OF_RANGE'],
      ],
    ],
  ] as const)('refuses %s', (_name, input, expected) => {
    expect(refusal(input)).toEqual(expected.map(([pointer, code]) => ({ pointer, code })));
  });
});
