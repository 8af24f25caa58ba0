import { describe, expect, it } from 'vitest';
import { failingAssets, reviewOutcome } from '../../src/sandbox/magic-values.js';

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
