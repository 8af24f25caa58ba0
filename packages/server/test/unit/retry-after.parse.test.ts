import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/rails/pix/psp/retry-after.js';

describe('Retry-After (RFC 9110 section 10.2.3)', () => {
  const now = Date.UTC(2026, 10, 26, 22, 0, 0);

  it.each([
    ['7', 7_000],
    [' 0 ', 0],
    ['Thu, 26 Nov 2026 22:00:30 GMT', 30_000],
    ['Thu, 26 Nov 2026 21:59:00 GMT', 0],
  ])('reads %j as %i ms', (value, expected) => {
    expect(retryAfterMs(value, now)).toBe(expected);
  });

  it.each([undefined, '', '-1', '1.5', 'soon', '2026-11-26T22:00:30Z'])('ignores %j', (value) => {
    expect(retryAfterMs(value, now)).toBeUndefined();
  });
});
