import type { paths } from '../generated/openapi-types.js';
import { everyMemberOf } from '../types/every-member-of.js';

// Every list of the API shares these shapes; they are read off GET /v1/accounts in the types
// generated from the server's OpenAPI document, so they cannot drift from the server.
type ListAccounts = paths['/v1/accounts']['get'];
type GeneratedPageQuery = NonNullable<ListAccounts['parameters']['query']>;

/**
 * The directions a cursor can continue in.
 *
 * @example
 * ```ts
 * const backwards: Direction = DIRECTIONS[1]; // 'PREVIOUS'
 * ```
 */
export const DIRECTIONS = everyMemberOf<Direction>()(['NEXT', 'PREVIOUS'] as const);

/**
 * `NEXT` or `PREVIOUS`.
 *
 * @example
 * ```ts
 * const direction: Direction = 'NEXT';
 * ```
 */
export type Direction = NonNullable<GeneratedPageQuery['direction']>;

/**
 * The orders a list can be sorted in (by creation time, then id).
 *
 * @example
 * ```ts
 * for (const order of SORT_ORDERS) console.log(order);
 * ```
 */
export const SORT_ORDERS = everyMemberOf<SortOrder>()(['ASCENDING', 'DESCENDING'] as const);

/**
 * `ASCENDING` (oldest first) or `DESCENDING` (newest first, the default).
 *
 * @example
 * ```ts
 * const oldestFirst: SortOrder = 'ASCENDING';
 * ```
 */
export type SortOrder = NonNullable<GeneratedPageQuery['sortOrder']>;

/**
 * The pagination parameters every list endpoint takes (spec section 4, pagination table).
 *
 * @example
 * ```ts
 * const first: PageQuery = { limit: 50, sortOrder: 'ASCENDING' };
 * const second: PageQuery = { ...first, cursor: page.meta.nextCursor ?? undefined };
 * ```
 */
export type PageQuery = Pick<GeneratedPageQuery, 'limit' | 'cursor' | 'direction' | 'sortOrder'>;

/**
 * The cursors and count of one page.
 *
 * @example
 * ```ts
 * const meta: PageMeta = { previousCursor: null, nextCursor: 'eyJ…', total: 10 };
 * ```
 */
export type PageMeta = ListAccounts['responses'][200]['content']['application/json']['meta'];

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
