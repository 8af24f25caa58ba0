import { describe, expect, it } from 'vitest';
import {
  depositIsPaid,
  failingAssets,
  reviewOutcome,
  withdrawalOutcome,
} from '../../src/sandbox/magic-values.js';

describe('review outcome by holder name', () => {
  it.each([
    ['Maria Silva', 'approve'],
    ['ACME Ltda', 'approve'],
    ['Reje ct', 'approve'],
    ['REJECT', 'reject'],
    ['Maria reject Silva', 'reject'],
    ['ReJeCtEd Corp', 'reject'],
    ['Projector Rejection', 'reject'],
  ])('%s → %s', (name, kind) => {
    expect(reviewOutcome(name).kind).toBe(kind);
  });

  it('rejects with COMPLIANCE_REJECTED and a message', () => {
    expect(reviewOutcome('REJECT me')).toMatchObject({
      kind: 'reject',
      reason: { code: 'COMPLIANCE_REJECTED', message: expect.any(String) as string },
    });
  });
});

describe('failing assets by account name', () => {
  const all = ['BRL', 'USDT', 'BTC'] as const;
  it.each([
    [undefined, []],
    ['Treasury', []],
    ['FAIL_ONBOARDING', ['BRL', 'USDT', 'BTC']],
    ['test fail_onboarding', ['BRL', 'USDT', 'BTC']],
    ['FAIL_ONBOARDING_BTC', ['BTC']],
    ['x FAIL_ONBOARDING_usdt y FAIL_ONBOARDING_BRL', ['BRL', 'USDT']],
    ['FAIL_ONBOARDING_USDC', []],
    ['FAIL_ONBOARDING_BTC and FAIL_ONBOARDING', ['BRL', 'USDT', 'BTC']],
    ['FAILONBOARDING', []],
  ])('%s → %j', (name, expected) => {
    expect(failingAssets(name, all)).toEqual(expected);
  });
});

describe('deposit and withdrawal outcomes by amount (minor units)', () => {
  it.each([
    [10_066, false], // "100.66" BRL
    [66, false], // "0.66" BRL
    [1_000_066, false], // "1.000066" USDT
    [10_000, true],
    [10_067, true],
    [10_660, true], // "106.60": 60 at the end, not 66
    [6_600, true],
    [166, false],
  ])('%d: deposit paid %s, withdrawal completes likewise', (amount, ok) => {
    expect(depositIsPaid(BigInt(amount))).toBe(ok);
    expect(withdrawalOutcome(BigInt(amount)).kind).toBe(ok ? 'complete' : 'fail');
  });

  it('fails a 66 withdrawal with RAIL_REJECTED and a message', () => {
    expect(withdrawalOutcome(1_066n)).toMatchObject({
      kind: 'fail',
      reason: { code: 'RAIL_REJECTED', message: expect.any(String) as string },
    });
  });
});
