import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id in the server's layout (docs/api.md: prefixed, time-sortable; `<prefix>_` + 10
 * Crockford base32 characters of epoch ms + 16 random ones) for the time `ms` given, so the
 * grader's events of one resource sort by time as real ones do. Unlike the server's, ids of one
 * millisecond are not ordered among themselves: the grader never makes two it compares there.
 */
export function testId(prefix: 'op' | 'acc' | 'evt' | 'msg', ms: number): string {
  let time = '';
  let rest = Math.floor(ms);
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[rest % 32]! + time;
    rest = Math.floor(rest / 32);
  }
  const random = [...randomBytes(16)].map((byte) => ALPHABET[byte % 32]!).join('');
  return `${prefix}_${time}${random}`;
}
