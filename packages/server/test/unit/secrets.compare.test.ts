import { describe, expect, it } from 'vitest';
import { generateSecret, hashSecret, safeEqual } from '../../src/lib/secrets.js';

describe('client secrets', () => {
  it('are 32 random bytes in base64url', () => {
    const a = generateSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateSecret()).not.toBe(a);
  });

  it('hash deterministically and never to the secret itself', () => {
    const s = generateSecret();
    expect(hashSecret(s)).toBe(hashSecret(s));
    expect(hashSecret(s)).not.toContain(s);
    expect(hashSecret(s)).not.toBe(hashSecret(`${s}x`));
  });

  it('compare equal strings as equal and anything else as different', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});
