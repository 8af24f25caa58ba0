import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import {
  ASSETS,
  ASSET_DECIMALS,
  AmountString,
  MAX_AMOUNT_UNITS,
  MAX_BALANCE_MINOR,
  assertInt64,
  formatAmount,
  maxAmountMinor,
  parseAmount,
  requireAssetEnabled,
  type Asset,
} from '../../src/lib/money.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe('parseAmount', () => {
  it.each([
    ['1250.00', 'BRL', 125000n],
    ['1250', 'BRL', 125000n],
    ['0.5', 'BRL', 50n],
    ['0.01', 'BRL', 1n],
    ['007.10', 'BRL', 710n],
    ['0.00000001', 'BTC', 1n],
    ['21000000', 'BTC', 2_100_000_000_000_000n],
    ['20999999.99999999', 'BTC', 2_099_999_999_999_999n],
    ['1.000001', 'USDT', 1_000_001n],
    ['1000000000.000000', 'USDC', 1_000_000_000_000_000n],
    ['999999999.999999', 'USDT', 999_999_999_999_999n],
  ] as const)('%s %s → %s minor units', (text, asset, minor) => {
    expect(parseAmount(text, asset)).toBe(minor);
  });

  it.each([
    ['0.001', 'BRL', 'INVALID_AMOUNT_PRECISION'],
    ['1.230', 'BRL', 'INVALID_AMOUNT_PRECISION'],
    ['0.000000001', 'BTC', 'INVALID_AMOUNT_PRECISION'],
    ['0', 'BRL', 'AMOUNT_MUST_BE_POSITIVE'],
    ['0.00', 'BRL', 'AMOUNT_MUST_BE_POSITIVE'],
    ['-1.00', 'BRL', 'AMOUNT_MUST_BE_POSITIVE'],
    ['-0', 'BRL', 'AMOUNT_MUST_BE_POSITIVE'],
    ['1000000000.01', 'BRL', 'AMOUNT_TOO_LARGE'],
    ['21000000.00000001', 'BTC', 'AMOUNT_TOO_LARGE'],
    ['99999999999999999999999', 'USDT', 'AMOUNT_TOO_LARGE'],
    ['1e3', 'BRL', 'INVALID_DATA'],
    ['+1', 'BRL', 'INVALID_DATA'],
    [' 1', 'BRL', 'INVALID_DATA'],
    ['1 ', 'BRL', 'INVALID_DATA'],
    ['1.', 'BRL', 'INVALID_DATA'],
    ['.5', 'BRL', 'INVALID_DATA'],
    ['1,50', 'BRL', 'INVALID_DATA'],
    ['', 'BRL', 'INVALID_DATA'],
    ['0x10', 'BRL', 'INVALID_DATA'],
    ['１', 'BRL', 'INVALID_DATA'],
    ['Infinity', 'BRL', 'INVALID_DATA'],
  ] as const)('%j %s → %s', (text, asset, code) => {
    expect(codeOf(() => parseAmount(text, asset))).toBe(code);
  });

  it('points the error at the field it came from', () => {
    try {
      parseAmount('0.001', 'BRL', { pointer: '/target/amount', in: 'body' });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).errors).toEqual([
        expect.objectContaining({ pointer: '/target/amount', code: 'INVALID_AMOUNT_PRECISION' }),
      ]);
    }
  });

  it('has the documented maximum per request, in whole units (docs/api.md "Money and amounts")', () => {
    expect(MAX_AMOUNT_UNITS).toEqual({
      BRL: 1_000_000_000n,
      USDT: 1_000_000_000n,
      USDC: 1_000_000_000n,
      BTC: 21_000_000n,
    });
    expect(maxAmountMinor('BTC')).toBe(2_100_000_000_000_000n);
    expect(maxAmountMinor('BRL')).toBe(100_000_000_000n);
  });

  it('refuses an amount beyond 2^53 minor units as too large for one request, not as a rounding', () => {
    // 200,000,000 BTC is 2 × 10^16 satoshis (> 2^53): exact, and above the maximum of one request.
    expect(codeOf(() => parseAmount('200000000', 'BTC'))).toBe('AMOUNT_TOO_LARGE');
    expect(codeOf(() => parseAmount('90071992.54740993', 'BTC'))).toBe('AMOUNT_TOO_LARGE');
  });
});

describe('formatAmount', () => {
  it.each([
    [125000n, 'BRL', '1250.00'],
    [1n, 'BRL', '0.01'],
    [0n, 'USDT', '0.000000'],
    [1n, 'BTC', '0.00000001'],
    [-250n, 'BRL', '-2.50'],
    [-1n, 'BTC', '-0.00000001'],
    // At and beyond 2^53 (9007199254740992): every digit kept, where a number would round.
    [9_007_199_254_740_993n, 'BTC', '90071992.54740993'],
    [20_000_000_000_000_000n, 'BTC', '200000000.00000000'],
    [9_223_372_036_854_775_807n, 'BRL', '92233720368547758.07'],
    [-9_223_372_036_854_775_807n, 'USDT', '-9223372036854.775807'],
  ] as const)('%s %s → %s', (minor, asset, text) => {
    expect(formatAmount(minor, asset)).toBe(text);
  });
});

describe('the per-balance bound', () => {
  it('is the int8 bound, 2^63 − 1', () => {
    expect(MAX_BALANCE_MINOR).toBe(9_223_372_036_854_775_807n);
  });

  it.each([
    [0n, true],
    [2n ** 53n + 1n, true],
    [MAX_BALANCE_MINOR, true],
    [-MAX_BALANCE_MINOR, true],
    [MAX_BALANCE_MINOR + 1n, false],
    [-MAX_BALANCE_MINOR - 1n, false],
  ] as const)('assertInt64(%s) holds: %s', (value, holds) => {
    if (holds) expect(assertInt64(value)).toBe(value);
    else expect(() => assertInt64(value)).toThrow(RangeError);
  });
});

describe('parse and format round-trip', () => {
  const asset = fc.constantFrom<Asset>(...ASSETS);

  it('parse(format(x)) === x for every amount a request may carry', () => {
    fc.assert(
      fc.property(
        asset.chain((a) =>
          fc.tuple(fc.constant(a), fc.bigInt({ min: 1n, max: maxAmountMinor(a) })),
        ),
        ([a, minor]) => parseAmount(formatAmount(minor, a), a) === minor,
      ),
    );
  });

  it('format(parse(s)) is s normalised: no leading zeros, all the decimals', () => {
    fc.assert(
      fc.property(
        asset,
        fc.stringMatching(/^[0-9]{1,7}$/),
        fc.stringMatching(/^[0-9]{0,8}$/),
        (a, whole, fraction) => {
          const frac = fraction.slice(0, ASSET_DECIMALS[a]);
          const text = frac ? `${whole}.${frac}` : whole;
          const digits = (whole + frac.padEnd(ASSET_DECIMALS[a], '0')).replace(/^0+/, '');
          if (digits === '')
            return codeOf(() => parseAmount(text, a)) === 'AMOUNT_MUST_BE_POSITIVE';
          const formatted = formatAmount(parseAmount(text, a), a);
          const [w, f] = formatted.split('.');
          return (
            f!.length === ASSET_DECIMALS[a] &&
            (w === '0' || !w!.startsWith('0')) &&
            BigInt(w! + f!) === BigInt(digits)
          );
        },
      ),
    );
  });
});

describe('requireAssetEnabled', () => {
  it('is 422 ASSET_NOT_ENABLED for an asset the account does not hold', () => {
    const assets = [{ asset: 'BRL' as const }];
    expect(() => requireAssetEnabled(assets, 'BRL', 'acc_1')).not.toThrow();
    expect(codeOf(() => requireAssetEnabled(assets, 'BTC', 'acc_1'))).toBe('ASSET_NOT_ENABLED');
  });
});

describe('the AmountString schema', () => {
  const schema = AmountString();

  it('lets decimal strings through, negatives and zero included, for parseAmount to judge', () => {
    for (const ok of ['1250.00', '0.5', '0', '-5.00', '007'])
      expect(Value.Check(schema, ok), ok).toBe(true);
  });

  it('refuses numbers, exponents, signs other than minus, spaces and stray dots', () => {
    for (const bad of [1250, '1e3', '+1', ' 1', '1.', '.5', '1,5', '', 'x'.repeat(41)])
      expect(Value.Check(schema, bad), String(bad)).toBe(false);
  });
});
