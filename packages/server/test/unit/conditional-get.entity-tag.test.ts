import { describe, expect, it } from 'vitest';
import { entityTag } from '../../src/plugins/conditional-get.js';

// The validator of a GET body (plugins/conditional-get.ts): XXH64 of the exact bytes sent.
describe('entityTag', () => {
  it('is the XXH64 of the body (seed 0), 16 hex digits in quotes', () => {
    // The reference vector of the xxHash specification for the empty input.
    expect(entityTag('')).toBe('"ef46db3751d8e999"');
    expect(entityTag('{"data":[]}')).toMatch(/^"[0-9a-f]{16}"$/);
  });

  it('tags a string and the Buffer of its UTF-8 bytes alike', () => {
    for (const body of ['', '{"name":"Conta São Paulo ✓"}', 'x'.repeat(5000)]) {
      expect(entityTag(Buffer.from(body))).toBe(entityTag(body));
    }
  });

  it('tags a body in parts as the parts joined, however it is cut', () => {
    const body = `{"data":[{"name":"Conta São Paulo ✓ 😀"}],"x":"${'y'.repeat(70_000)}"}`;
    for (const cuts of [[0], [1, 25], [20, 21, 22, 9000], [body.length]]) {
      const parts = [...cuts, body.length].map((end, i, ends) => body.slice(ends[i - 1] ?? 0, end));
      expect(parts.join('')).toBe(body);
      expect(entityTag(parts)).toBe(entityTag(body));
    }
    expect(entityTag([])).toBe(entityTag(''));
  });

  it('tells bodies that differ in one byte apart', () => {
    const body = JSON.stringify({ available: '1250.00', pending: '0.00' });
    expect(entityTag(body)).not.toBe(entityTag(body.replace('1250.00', '1250.01')));
  });

  it('pads a hash with leading zero digits to the same width', () => {
    const tags = Array.from({ length: 2000 }, (_, i) => entityTag(Buffer.from(String(i))));
    for (const tag of tags) expect(tag).toMatch(/^"[0-9a-f]{16}"$/);
  });
});
