import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';
import { buildPage, planPage, type KeysetPosition } from '../../src/lib/pagination.js';

const codec = new CursorCodec(randomBytes(32));
const binding = { customerId: 'cus_A', scope: 'accounts|metadata|DESCENDING' };

interface Row {
  at: number;
  id: string;
}
const row = (at: number): Row => ({ at, id: `acc_${at}` });
const keyOf = (r: Row): KeysetPosition => ({ sortValue: r.at, id: r.id });
const position = (cursor: string | null) => (cursor ? codec.decode(cursor, binding) : null);

/** A page of `rows` (limit 3) read with `scannedTo`, from `from` when given. */
const page = (rows: Row[], scannedTo: KeysetPosition | undefined, from?: string) => {
  const plan = planPage(
    from === undefined ? { limit: 3 } : { limit: 3, cursor: from },
    codec,
    binding,
  );
  return buildPage(rows, plan, keyOf, (r) => r.id, codec, binding, scannedTo);
};
const cursorAt = (at: number, direction: 'NEXT' | 'PREVIOUS') =>
  codec.encode({ sortValue: at, id: `acc_${at}`, direction }, binding);

// A read that stopped examining before the list's end (a metadata filter's candidate bound)
// continues from where it stopped when its page is short, and changes nothing when it is full.
describe('buildPage with a scanned-to position', () => {
  it('continues a short page after the last position examined', () => {
    const short = page([row(90), row(80)], { sortValue: 50, id: 'acc_50' });
    expect(short.data).toEqual(['acc_90', 'acc_80']);
    expect(position(short.meta.nextCursor)).toEqual({
      sortValue: 50,
      id: 'acc_50',
      direction: 'NEXT',
    });
    expect(short.meta.previousCursor).toBeNull();
  });

  it('continues an empty page after the last position examined, and back from its cursor', () => {
    const empty = page([], { sortValue: 50, id: 'acc_50' }, cursorAt(95, 'NEXT'));
    expect(empty.data).toEqual([]);
    expect(position(empty.meta.nextCursor)).toEqual({
      sortValue: 50,
      id: 'acc_50',
      direction: 'NEXT',
    });
    expect(position(empty.meta.previousCursor)).toEqual({
      sortValue: 95,
      id: 'acc_95',
      direction: 'PREVIOUS',
    });
  });

  it('keeps a full page’s cursor at its last item', () => {
    const full = page([row(90), row(80), row(70), row(60)], { sortValue: 50, id: 'acc_50' });
    expect(full.data).toEqual(['acc_90', 'acc_80', 'acc_70']);
    expect(position(full.meta.nextCursor)).toEqual({
      sortValue: 70,
      id: 'acc_70',
      direction: 'NEXT',
    });
  });

  it('ends the list when the read examined it all', () => {
    const last = page([row(90)], undefined, cursorAt(95, 'NEXT'));
    expect(last.meta.nextCursor).toBeNull();
  });

  it('continues a short PREVIOUS page before the last position examined', () => {
    // Read backwards (ascending) from 40: found 45 only, examined up to 70.
    const back = page([row(45)], { sortValue: 70, id: 'acc_70' }, cursorAt(40, 'PREVIOUS'));
    expect(back.data).toEqual(['acc_45']);
    expect(position(back.meta.previousCursor)).toEqual({
      sortValue: 70,
      id: 'acc_70',
      direction: 'PREVIOUS',
    });
    expect(position(back.meta.nextCursor)).toEqual({
      sortValue: 45,
      id: 'acc_45',
      direction: 'NEXT',
    });
  });
});
