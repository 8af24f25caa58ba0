import { describe, expect, it } from 'vitest';
import { PAGE_WEIGHT, withinPageWeight, type KeysetPosition } from '../../src/lib/pagination.js';

interface Row {
  at: number;
  weight: number;
}
const keyOf = (r: Row): KeysetPosition => ({ sortValue: r.at, id: `acc_${r.at}` });
const weightOf = (r: Row) => r.weight;
/** Rows 1, 2, … of these weights, in the read's order. */
const rows = (...weights: number[]): Row[] => weights.map((weight, i) => ({ at: i + 1, weight }));
const cut = (read: Row[], limit: number, budget = 100, scannedTo?: KeysetPosition) =>
  withinPageWeight({ rows: read, scannedTo }, { limit }, keyOf, weightOf, budget);

// A page stops at the row whose weight reaches the budget, and continues right after it.
describe('withinPageWeight', () => {
  it('keeps a read whose page stays under the budget as it is', () => {
    const read = { rows: rows(30, 30, 30, 500), scannedTo: undefined };
    // Three of 90 fit; the fourth row is the read's one past the limit, never weighed.
    expect(withinPageWeight(read, { limit: 3 }, keyOf, weightOf, 100)).toBe(read);
  });

  it('cuts at the row that reaches the budget, which stays, and continues after it', () => {
    const page = cut(rows(40, 40, 40, 40, 40), 4);
    expect(page.rows.map((r) => r.at)).toEqual([1, 2, 3]);
    expect(page.scannedTo).toEqual({ sortValue: 3, id: 'acc_3' });
  });

  it('always keeps the first row, however heavy', () => {
    const page = cut(rows(1_000, 1, 1), 10);
    expect(page.rows.map((r) => r.at)).toEqual([1]);
    expect(page.scannedTo).toEqual({ sortValue: 1, id: 'acc_1' });
  });

  it('does not cut at the page’s last row: the page is whole, and its cursor is the usual one', () => {
    // The limit's row reaches the budget: nothing is left out, so no short page.
    const full = { rows: rows(10, 10, 90, 5), scannedTo: undefined };
    expect(withinPageWeight(full, { limit: 3 }, keyOf, weightOf, 100)).toBe(full);
    // The list's last row reaches it: the same.
    const last = { rows: rows(10, 95), scannedTo: undefined };
    expect(withinPageWeight(last, { limit: 5 }, keyOf, weightOf, 100)).toBe(last);
  });

  it('replaces an earlier scanned-to position with the row where it cut', () => {
    const page = cut(rows(60, 60, 60), 5, 100, { sortValue: 99, id: 'acc_99' });
    expect(page.scannedTo).toEqual({ sortValue: 2, id: 'acc_2' });
  });

  it('weighs pages by default against 256 KiB', () => {
    expect(PAGE_WEIGHT).toBe(256 * 1024);
    const heavy = rows(...Array.from({ length: 20 }, () => 27_000));
    const page = withinPageWeight({ rows: heavy }, { limit: 20 }, keyOf, weightOf);
    expect(page.rows).toHaveLength(10); // 9 rows are 243,000; the 10th reaches 262,144
  });
});
