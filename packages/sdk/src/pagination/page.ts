/**
 * The directions a cursor can continue in.
 *
 * @example
 * ```ts
 * const backwards: Direction = DIRECTIONS[1]; // 'PREVIOUS'
 * ```
 */
export const DIRECTIONS = ['NEXT', 'PREVIOUS'] as const;

/**
 * `NEXT` or `PREVIOUS`.
 *
 * @example
 * ```ts
 * const direction: Direction = 'NEXT';
 * ```
 */
export type Direction = (typeof DIRECTIONS)[number];

/**
 * The orders a list can be sorted in (by creation time, then id).
 *
 * @example
 * ```ts
 * for (const order of SORT_ORDERS) console.log(order);
 * ```
 */
export const SORT_ORDERS = ['ASCENDING', 'DESCENDING'] as const;

/**
 * `ASCENDING` (oldest first) or `DESCENDING` (newest first, the default).
 *
 * @example
 * ```ts
 * const oldestFirst: SortOrder = 'ASCENDING';
 * ```
 */
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The pagination parameters every list endpoint takes (spec section 4, pagination table).
 *
 * @example
 * ```ts
 * const first: PageQuery = { limit: 50, sortOrder: 'ASCENDING' };
 * const second: PageQuery = { ...first, cursor: page.meta.nextCursor ?? undefined };
 * ```
 */
export interface PageQuery {
  /** Items per page: 1 to 100, default 10. */
  limit?: number | undefined;
  /** `meta.nextCursor` or `meta.previousCursor` of an earlier page of the same list. */
  cursor?: string | undefined;
  /** Optional with a cursor (the cursor knows its direction); must match it when given. */
  direction?: Direction | undefined;
  /** Default `DESCENDING`. Keep it, and the filters, the same while following cursors. */
  sortOrder?: SortOrder | undefined;
}

/**
 * The cursors and count of one page.
 *
 * @example
 * ```ts
 * const meta: PageMeta = { previousCursor: null, nextCursor: 'eyJ…', total: 10 };
 * ```
 */
export interface PageMeta {
  /** Cursor of the previous page; null on the first page. */
  previousCursor: string | null;
  /** Cursor of the next page; null on the last page. */
  nextCursor: string | null;
  /** Number of items in this page (not in the whole list). */
  total: number;
}

/**
 * The envelope of every list answer.
 *
 * @example
 * ```ts
 * const page: Page<Account> = await client.accounts.list({ limit: 20 });
 * console.log(page.data.length === page.meta.total);
 * ```
 */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}
