import { describe, expect, it } from 'vitest';
import { isId, newId } from '../../src/lib/ids.js';

describe('ids', () => {
  it('are prefixed and 26 Crockford base32 characters long', () => {
    const id = newId('account');
    expect(id).toMatch(/^acc_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(isId('account', id)).toBe(true);
    expect(isId('customer', id)).toBe(false);
    expect(isId('account', 'acc_x')).toBe(false);
  });

  it('sort in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId('operation', 1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sort by time across milliseconds', () => {
    expect(newId('log', 2_000) < newId('log', 3_000)).toBe(true);
  });
});
