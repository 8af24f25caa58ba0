import { describe, expect, it } from 'vitest';
import { parseMoneyJson, stringifyMoneyJson } from '../../src/lib/money-json.js';

// Amounts inside JSON columns (operations' details, quotes' fees) are decimal strings of minor
// units, so JSON.parse never rounds them; rows written before hold JSON numbers (lib/money-json.ts).
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
    expect(parseMoneyJson<{ sourceAmount: bigint }>(text).sourceAmount).toBe(expected);
  });

  it('round-trips every money key, at the int8 bound, nested in arrays and objects', () => {
    const details = {
      receivedAmount: null,
      notional: 2n ** 63n - 1n,
      conversion: { sourceAmount: 1n, targetAmount: 2n, convertedAmount: 3n },
      fees: [{ type: 'PERCENTAGE', amount: 9_007_199_254_740_993n, asset: 'BTC' }],
    };
    expect(parseMoneyJson(stringifyMoneyJson(details))).toEqual(details);
  });

  it('leaves other keys and non-integer strings alone', () => {
    expect(parseMoneyJson('{"amount":"12.50","expiresAt":1700000000000,"key":"123"}')).toEqual({
      amount: '12.50',
      expiresAt: 1_700_000_000_000,
      key: '123',
    });
  });

  it('refuses an old number form that is not a safe integer', () => {
    expect(() => parseMoneyJson('{"amount":1.5}')).toThrow(RangeError);
  });
});
