import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

const compared: [number, number][] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.push([a.byteLength, b.byteLength]);
      return actual.timingSafeEqual(a, b);
    },
  };
});
const { adminTokenMatches } = await import('../../src/plugins/admin-auth.js');

describe('adminTokenMatches', () => {
  const token = 'a'.repeat(40);

  it.each([
    ['the token itself', token, true],
    ['a prefix', token.slice(0, 39), false],
    ['a longer value', `${token}a`, false],
    ['an empty value', '', false],
    ['a same-length different value', `${'a'.repeat(39)}b`, false],
  ])('says %s matches: %s', (_, presented, expected) => {
    expect(adminTokenMatches(token, presented)).toBe(expected);
  });

  it('always compares two 32-byte digests, whatever the lengths, so timing leaks no length', () => {
    compared.length = 0;
    for (const presented of ['', 'x', token, `${token}${token}`])
      adminTokenMatches(token, presented);
    expect(compared).toEqual([
      [32, 32],
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
  });
});
