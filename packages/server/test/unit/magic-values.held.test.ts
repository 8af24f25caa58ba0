import { describe, expect, it } from 'vitest';
import { heldForOperator, reviewIsManual } from '../../src/sandbox/magic-values.js';

// Issue 27 point 7: the sandbox inputs that wait for a person (docs/sandbox.md).
describe('held for the back-office', () => {
  it.each([
    [10_077n, true], // "100.77" BRL
    [77n, true], // "0.77"
    [1_000_077n, true], // "1.000077" USDT
    [10_070n, false], // "100.70"
    [7_700n, false], // "77.00": only the last two minor digits count
    [10_066n, false], // the failure value
  ])('an amount of %s minor units → %s', (amount, held) => {
    expect(heldForOperator(amount)).toBe(held);
  });

  it.each([
    ['Practice MANUAL_REVIEW', true],
    ['ana manual_review', true],
    ['Manual Review', false],
    ['MANUALREVIEW', false],
    [null, false],
    [undefined, false],
  ])('a name %j → %s', (name, manual) => {
    expect(reviewIsManual(name)).toBe(manual);
  });
});
