import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInt8 } from '../../src/db/create-db.js';
import { AppError } from '../../src/lib/errors.js';
import {
  ASSETS,
  ASSET_DECIMALS,
  AmountString,
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
    ['1250.00', 'BRL', 125000],
    ['1250', 'BRL', 125000],
    ['0.5', 'BRL', 50],
    ['0.01', 'BRL', 1],
    ['007.10', 'BRL', 710],
    ['0.00000001', 'BTC', 1],
    ['21000000', 'BTC', 2_100_000_000_000_000],
    ['1.000001', 'USDT', 1_000_001],
    ['1000000000.000000', 'USDC', 1_000_000_000_000_000],
  ] as const)('%s %s → %i minor units', (text, asset, minor) => {
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

  it('keeps every maximum inside 2^53 minor units', () => {
    for (const asset of ASSETS) expect(Number.isSafeInteger(maxAmountMinor(asset))).toBe(true);
  });
});

describe('formatAmount', () => {
  it.each([
    [125000, 'BRL', '1250.00'],
    [1, 'BRL', '0.01'],
    [0, 'USDT', '0.000000'],
    [1, 'BTC', '0.00000001'],
    [-250, 'BRL', '-2.50'],
  ] as const)('%i %s → %s', (minor, asset, text) => {
    expect(formatAmount(minor, asset)).toBe(text);
  });

  it('refuses a value that is not a safe integer', () => {
    expect(() => formatAmount(0.1, 'BRL')).toThrow(RangeError);
    expect(() => formatAmount(2 ** 53, 'BRL')).toThrow(RangeError);
  });
});

describe('parse and format round-trip', () => {
  const asset = fc.constantFrom<Asset>(...ASSETS);

  it('parse(format(x)) === x for every amount a request may carry', () => {
    fc.assert(
      fc.property(
        asset.chain((a) =>
          fc.tuple(fc.constant(a), fc.integer({ min: 1, max: maxAmountMinor(a) })),
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

describe('the PostgreSQL int8 reader', () => {
  it('reads safe integers and throws instead of rounding beyond 2^53', () => {
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseInt8('-42')).toBe(-42);
    expect(() => parseInt8('9007199254740993')).toThrow(/not a safe integer/);
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
