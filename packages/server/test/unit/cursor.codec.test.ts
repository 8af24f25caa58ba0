import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';

const codec = new CursorCodec(randomBytes(32));
const binding = { customerId: 'cus_A', scope: 'accounts||DESCENDING' };

describe('cursor codec', () => {
  it('round-trips any position under the same binding', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.string()),
        fc.string({ maxLength: 40 }),
        fc.constantFrom('NEXT' as const, 'PREVIOUS' as const),
        (sortValue, id, direction) => {
          const cursor = codec.encode({ sortValue, id, direction }, binding);
          expect(codec.decode(cursor, binding)).toEqual({ sortValue, id, direction });
        },
      ),
    );
  });

  it('refuses a cursor under another customer, scope or key', () => {
    const cursor = codec.encode({ sortValue: 1, id: 'acc_1', direction: 'NEXT' }, binding);
    expect(codec.decode(cursor, { ...binding, customerId: 'cus_B' })).toBeUndefined();
    expect(codec.decode(cursor, { ...binding, scope: 'accounts||ASCENDING' })).toBeUndefined();
    expect(new CursorCodec(randomBytes(32)).decode(cursor, binding)).toBeUndefined();
  });

  it('refuses any single-character change', () => {
    const cursor = codec.encode(
      { sortValue: 1700000000000, id: 'acc_01J', direction: 'NEXT' },
      binding,
    );
    for (let i = 0; i < cursor.length; i++) {
      const swapped = cursor[i] === 'A' ? 'B' : 'A';
      const altered = cursor.slice(0, i) + swapped + cursor.slice(i + 1);
      if (altered !== cursor)
        expect(codec.decode(altered, binding), `position ${i}`).toBeUndefined();
    }
  });

  it('refuses arbitrary strings without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (s) => {
        expect(codec.decode(s, binding)).toBeUndefined();
      }),
    );
  });
});
