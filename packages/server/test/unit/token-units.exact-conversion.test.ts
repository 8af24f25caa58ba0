import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorToToken, tokenToMinor } from '../../src/rails/evm/token-units.js';

// USDT and USDC have 6 decimals in cofre (lib/money.ts).
describe('token amounts in minor units', () => {
  it.each([
    // [token decimals, token amount, minor, remainder]
    [6, 1_250_000_001n, 1_250_000_001n, 0n], // USDT on Ethereum: one to one
    [18, 1_250_000_001_000_000_000_000n, 1_250_000_001n, 0n], // USDT on BNB Chain: 1250.000001
    [18, 1_250_000_001_000_000_000_007n, 1_250_000_001n, 7n], // 7 wei-units below a micro-USDT
    [18, 999_999_999_999n, 0n, 999_999_999_999n], // all of it below one micro-USDT
    [8, 123n, 1n, 23n],
    [2, 125n, 1_250_000n, 0n], // fewer decimals: a multiplication, nothing left over
    [0, 3n, 3_000_000n, 0n],
    [6, 0n, 0n, 0n],
    [18, 2n ** 256n - 1n, (2n ** 256n - 1n) / 10n ** 12n, (2n ** 256n - 1n) % 10n ** 12n],
  ])('a token of %i decimals: %s → %s minor, %s left over', (decimals, amount, minor, rest) => {
    expect(tokenToMinor('USDT', decimals, amount)).toEqual({ minor, remainder: rest });
  });

  it.each([
    [6, 1_250_000_001n, 1_250_000_001n],
    [18, 1_250_000_001n, 1_250_000_001_000_000_000_000n],
    [2, 1_250_000n, 125n],
    [0, 3_000_000n, 3n],
  ])('pays %s-decimal tokens exactly: %s minor → %s', (decimals, minor, amount) => {
    expect(minorToToken('USDC', decimals, minor)).toEqual({ kind: 'exact', amount });
  });

  it('refuses to pay an amount a token with fewer decimals cannot carry, naming its neighbours', () => {
    expect(minorToToken('USDC', 2, 1_250_001n)).toEqual({
      kind: 'unrepresentable',
      below: 1_250_000n,
      above: 1_260_000n,
    });
  });

  it.each([
    ['a negative token amount', () => tokenToMinor('USDT', 6, -1n)],
    ['a negative minor amount', () => minorToToken('USDT', 6, -1n)],
    ['decimals above a uint8', () => tokenToMinor('USDT', 256, 1n)],
    ['fractional decimals', () => tokenToMinor('USDT', 6.5, 1n)],
  ])('refuses %s', (_, call) => {
    expect(call).toThrow(RangeError);
  });

  it('never loses or invents a base unit: minor back to the token, plus the remainder, is the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 36 }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (decimals, amount) => {
          const { minor, remainder } = tokenToMinor('USDT', decimals, amount);
          const back = minorToToken('USDT', decimals, minor);
          expect(back.kind).toBe('exact');
          if (back.kind !== 'exact') return;
          expect(back.amount + remainder).toBe(amount);
          expect(remainder >= 0n).toBe(true);
          expect(remainder < 10n ** BigInt(Math.max(0, decimals - 6))).toBe(true);
        },
      ),
    );
  });
});
