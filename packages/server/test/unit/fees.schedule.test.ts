import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEE_TARGETS,
  SANDBOX_FEES,
  feeLines,
  feeTotal,
  parseFeeSchedule,
  type FeeRule,
} from '../../src/pricing/fees.js';

describe('parseFeeSchedule', () => {
  it.each([
    ['{}', {}],
    ['{"CONVERSION":{"percentage":"0.5"}}', { CONVERSION: { percentagePpm: 5_000, fixed: {} } }],
    ['{"ORDER":{"percentage":"99.9999"}}', { ORDER: { percentagePpm: 999_999, fixed: {} } }],
    ['{"ORDER":{"percentage":"0"}}', { ORDER: { percentagePpm: 0, fixed: {} } }],
    ['{"ORDER":{"percentage":"0.0001"}}', { ORDER: { percentagePpm: 1, fixed: {} } }],
    ['{"ORDER":{"percentage":"12"}}', { ORDER: { percentagePpm: 120_000, fixed: {} } }],
    [
      '{"WITHDRAWAL":{"fixed":{"BRL":"1.00","BTC":"0.00001"}}}',
      { WITHDRAWAL: { percentagePpm: 0, fixed: { BRL: 100n, BTC: 1_000n } } },
    ],
    [
      '{"PIX_PAYMENT":{"percentage":"1.25","fixed":{"BRL":"0.5"}},"CONVERSION":{}}',
      {
        PIX_PAYMENT: { percentagePpm: 12_500, fixed: { BRL: 50n } },
        CONVERSION: { percentagePpm: 0, fixed: {} },
      },
    ],
  ])('%s', (raw, schedule) => {
    expect(parseFeeSchedule(raw)).toEqual(schedule);
  });

  it('parses the documented sandbox default to the built-in one', () => {
    expect(parseFeeSchedule('{"CONVERSION":{"percentage":"0.5"}}')).toEqual(SANDBOX_FEES);
  });

  it.each([
    ['not json', 'must be JSON like {"CONVERSION":{"percentage":"0.5"}}'],
    ['', 'must be JSON like {"CONVERSION":{"percentage":"0.5"}}'],
    ['[]', 'must be a JSON object keyed by fee target'],
    ['null', 'must be a JSON object keyed by fee target'],
    ['"0.5"', 'must be a JSON object keyed by fee target'],
    [
      '{"SWAP":{"percentage":"1"}}',
      'unknown fee target "SWAP" (one of CONVERSION, ORDER, WITHDRAWAL, PIX_PAYMENT)',
    ],
    ['{"ORDER":"1"}', 'ORDER: must be an object with percentage and/or fixed'],
    ['{"ORDER":[]}', 'ORDER: must be an object with percentage and/or fixed'],
    ['{"ORDER":null}', 'ORDER: must be an object with percentage and/or fixed'],
    ['{"ORDER":{"percent":"1"}}', 'ORDER: unknown field percent'],
    ['{"ORDER":{"percentage":0.5}}', 'ORDER.percentage: a string of percent from "0" to "99.9999"'],
    [
      '{"ORDER":{"percentage":"100"}}',
      'ORDER.percentage: a string of percent from "0" to "99.9999"',
    ],
    [
      '{"ORDER":{"percentage":"0.00001"}}',
      'ORDER.percentage: a string of percent from "0" to "99.9999"',
    ],
    [
      '{"ORDER":{"percentage":"-1"}}',
      'ORDER.percentage: a string of percent from "0" to "99.9999"',
    ],
    [
      '{"ORDER":{"percentage":"1%"}}',
      'ORDER.percentage: a string of percent from "0" to "99.9999"',
    ],
    ['{"ORDER":{"percentage":""}}', 'ORDER.percentage: a string of percent from "0" to "99.9999"'],
    ['{"ORDER":{"fixed":"1.00"}}', 'ORDER.fixed: an object of asset → amount'],
    ['{"ORDER":{"fixed":["BRL"]}}', 'ORDER.fixed: an object of asset → amount'],
    ['{"ORDER":{"fixed":{"EUR":"1"}}}', 'ORDER.fixed: unknown asset "EUR"'],
    ['{"ORDER":{"fixed":{"BRL":"0"}}}', 'ORDER.fixed.BRL: not a positive BRL amount ("0")'],
    ['{"ORDER":{"fixed":{"BRL":"-1"}}}', 'ORDER.fixed.BRL: not a positive BRL amount ("-1")'],
    ['{"ORDER":{"fixed":{"BRL":"0.001"}}}', 'ORDER.fixed.BRL: not a positive BRL amount ("0.001")'],
    ['{"ORDER":{"fixed":{"BRL":"abc"}}}', 'ORDER.fixed.BRL: not a positive BRL amount ("abc")'],
    [
      '{"ORDER":{"fixed":{"BTC":"21000000.00000001"}}}',
      'ORDER.fixed.BTC: not a positive BTC amount ("21000000.00000001")',
    ],
  ])('refuses %s: %s', (raw, sentence) => {
    expect(parseFeeSchedule(raw)).toBe(sentence);
  });

  it('accepts every target it names', () => {
    for (const target of FEE_TARGETS) {
      expect(parseFeeSchedule(`{"${target}":{"percentage":"1"}}`)).toEqual({
        [target]: { percentagePpm: 10_000, fixed: {} },
      });
    }
  });
});

describe('feeLines', () => {
  const rule = (percentagePpm: number, fixed: FeeRule['fixed'] = {}): FeeRule => ({
    percentagePpm,
    fixed,
  });

  it.each([
    ['no rule', undefined, 10_000n, []],
    ['0.5 % of 100.00', rule(5_000), 10_000n, [{ type: 'PERCENTAGE', amount: 50n, asset: 'BRL' }]],
    // 0.5 % of 1.01 is 0.505 centavos… of 101 centavos: 0.505 → rounded up to 1.
    [
      '0.5 % of 1.01, rounded up',
      rule(5_000),
      101n,
      [{ type: 'PERCENTAGE', amount: 1n, asset: 'BRL' }],
    ],
    [
      '0.0001 % of 0.01, rounded up',
      rule(1),
      1n,
      [{ type: 'PERCENTAGE', amount: 1n, asset: 'BRL' }],
    ],
    [
      'a fixed part only',
      rule(0, { BRL: 100n }),
      10_000n,
      [{ type: 'ABSOLUTE', amount: 100n, asset: 'BRL' }],
    ],
    [
      'both, percentage first',
      rule(10_000, { BRL: 25n }),
      10_000n,
      [
        { type: 'PERCENTAGE', amount: 100n, asset: 'BRL' },
        { type: 'ABSOLUTE', amount: 25n, asset: 'BRL' },
      ],
    ],
    ['a fixed part of another asset is left out', rule(0, { USDT: 1n }), 10_000n, []],
    ['a zero percentage is left out', rule(0), 10_000n, []],
  ] as const)('%s', (_name, feeRule, amount, lines) => {
    expect(feeLines(feeRule, amount, 'BRL')).toEqual(lines);
  });

  it('charges the smallest whole minor unit at or above the exact percentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        // beyond 2^53 too: a fee on a balance-sized amount stays exact
        fc.bigInt({ min: 0n, max: 2n ** 62n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (ppm, amount, fixed) => {
          const lines = feeLines(rule(ppm, { BTC: fixed }), amount, 'BTC');
          const percentage = lines.find((l) => l.type === 'PERCENTAGE')?.amount ?? 0n;
          const exact = amount * BigInt(ppm); // in millionths of a minor unit
          expect(percentage * 1_000_000n >= exact).toBe(true);
          expect(percentage === 0n || (percentage - 1n) * 1_000_000n < exact).toBe(true);
          expect(lines.every((l) => l.amount > 0n && l.asset === 'BTC')).toBe(true);
          expect(feeTotal(lines)).toBe(percentage + fixed);
        },
      ),
    );
  });
});
