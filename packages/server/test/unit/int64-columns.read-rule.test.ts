import { describe, expect, it } from 'vitest';
import { MONEY_COLUMNS, int64ToNumber, readInt64Row } from '../../src/db/int64-columns.js';

// The one rule for 64-bit integers read from either engine (db/int64-columns.ts): money columns
// are bigints, every other integer a number that throws rather than rounds.
describe('readInt64Row', () => {
  it.each([
    // column, what the driver handed over, what the row holds after
    ['amount', 9_007_199_254_740_993n, 9_007_199_254_740_993n],
    ['available', -9_223_372_036_854_775_807n, -9_223_372_036_854_775_807n],
    ['balance_after', 0n, 0n],
    ['pending', null, null],
    // PostgreSQL's sum(bigint) is numeric, which pg hands over as text
    ['net', '18014398509481984', 18_014_398_509_481_984n],
    ['held', '-5', -5n],
    // an int4 (PostgreSQL) or a literal under a money name
    ['amount', 42, 42n],
    ['created_at', 1_700_000_000_000n, 1_700_000_000_000],
    ['version', 3n, 3],
    ['n', -9_007_199_254_740_991n, -9_007_199_254_740_991],
    ['name', 'text stays text', 'text stays text'],
    ['retry', 1.5, 1.5],
  ] as const)('%s: %s → %s', (column, value, expected) => {
    expect(readInt64Row({ [column]: value })[column]).toBe(expected);
  });

  it('throws for a non-money integer a number cannot hold, never rounds it', () => {
    expect(() => readInt64Row({ created_at: 9_007_199_254_740_993n })).toThrow(
      /created_at 9007199254740993 is not a safe integer/,
    );
    expect(() => int64ToNumber(-(2n ** 53n))).toThrow(RangeError);
  });

  it('throws for a money column that holds no integer', () => {
    expect(() => readInt64Row({ amount: '12.50' })).toThrow(/money column amount/);
    expect(() => readInt64Row({ amount: 0.5 })).toThrow(/money column amount/);
  });

  it('names only money columns, none of which is an epoch or a counter', () => {
    for (const column of MONEY_COLUMNS) expect(column).not.toMatch(/_at$|count|seq|version|^n$/);
  });
});
