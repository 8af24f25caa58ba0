import { describe, expect, it } from 'vitest';
import { formatRate, parseRate } from '../../src/lib/rate.js';
import { limitPriceCanFill } from '../../src/sandbox/magic-values.js';

describe('a limit price that never fills (sandbox)', () => {
  it.each([
    ['5.4166', false],
    ['66', false],
    ['0.000066', false],
    ['5.4167', true],
    ['5.46', true],
    ['5.6', true],
    ['6.6', true],
    ['660', true],
    ['5.40', true],
  ])('%s → can fill: %s', (limitPrice, canFill) => {
    expect(limitPriceCanFill(limitPrice)).toBe(canFill);
  });

  it('reads the price as the API shows it: trailing zeros dropped', () => {
    const shown = formatRate(parseRate('5.416600')!);
    expect(shown).toBe('5.4166');
    expect(limitPriceCanFill(shown)).toBe(false);
  });
});
