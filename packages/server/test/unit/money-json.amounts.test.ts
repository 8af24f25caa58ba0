import { describe, expect, it } from 'vitest';
import { moneyJson, stringifyMoneyJson } from '../../src/lib/money-json.js';
import { KIND_LIFECYCLES } from '../../src/operations/kinds/lifecycles.js';

// Amounts inside JSON columns (operations' details, quotes' fees) are decimal strings of minor
// units, so JSON.parse never rounds them; rows written before hold JSON numbers (lib/money-json.ts).
// Which keys are money is declared with each shape (a kind's details: kinds/<kind>/<kind>.ts).

interface Details {
  receivedAmount: bigint | null;
  notional: bigint;
  conversion: { sourceAmount: bigint; targetAmount: bigint; convertedAmount: bigint };
  fees: { type: string; amount: bigint; asset: string }[];
  expiresAt: number;
  key: string;
}
const details = moneyJson<Details>({
  receivedAmount: true,
  notional: true,
  sourceAmount: true,
  targetAmount: true,
  convertedAmount: true,
  amount: true,
});
const parse = (text: string) => details.parse(text) as unknown;

describe('money in JSON columns', () => {
  it('writes every bigint as its decimal string', () => {
    expect(
      stringifyMoneyJson({ receivedAmount: 9_007_199_254_740_993n, fees: [{ amount: 1n }] }),
    ).toBe('{"receivedAmount":"9007199254740993","fees":[{"amount":"1"}]}');
  });

  it.each([
    ['the new string form', '{"sourceAmount":"9007199254740993"}', 9_007_199_254_740_993n],
    ['the old number form', '{"sourceAmount":125000}', 125_000n],
    ['a negative string', '{"sourceAmount":"-7"}', -7n],
  ])('reads %s as a bigint', (_form, text, expected) => {
    expect((parse(text) as { sourceAmount: bigint }).sourceAmount).toBe(expected);
  });

  it('round-trips every declared money key, at the int8 bound, nested in arrays and objects', () => {
    const value = {
      receivedAmount: null,
      notional: 2n ** 63n - 1n,
      conversion: { sourceAmount: 1n, targetAmount: 2n, convertedAmount: 3n },
      fees: [{ type: 'PERCENTAGE', amount: 9_007_199_254_740_993n, asset: 'BTC' }],
      expiresAt: 1_700_000_000_000,
      key: '123',
    };
    expect(details.parse(stringifyMoneyJson(value))).toEqual(value);
  });

  it('leaves other keys and non-integer strings alone', () => {
    expect(parse('{"amount":"12.50","expiresAt":1700000000000,"key":"123"}')).toEqual({
      amount: '12.50',
      expiresAt: 1_700_000_000_000,
      key: '123',
    });
  });

  it('refuses an old number form that is not a safe integer', () => {
    expect(() => parse('{"amount":1.5}')).toThrow(RangeError);
  });

  it('reads back every money key a kind declares', () => {
    // Each kind's declared keys, every one a bigint after a round trip through its own reader.
    for (const kind of Object.values(KIND_LIFECYCLES)) {
      const stored = Object.fromEntries(kind.details.keys.map((key, i) => [key, BigInt(i) + 1n]));
      expect(kind.details.parse(stringifyMoneyJson(stored)), kind.type).toEqual(stored);
    }
  });
});
