import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import {
  DIRECTIONS,
  type CursorCodec,
  type CursorBinding,
  type CursorPosition,
  type Direction,
} from './cursor.js';
import { AppError } from './errors.js';
import { StringEnum } from './schema.js';

/**
 * Cursor pagination for every list (spec section 4, "List accounts"; BRIEF "Pagination").
 * Keyset on (sort key, id), never OFFSET: the cost of a page does not depend on its depth.
 * This module is pure: it turns a request into a keyset plan and rows into a page. Repositories
 * apply the plan with `applyKeyset` (lib/keyset.ts).
 */
export const SORT_ORDERS = ['ASCENDING', 'DESCENDING'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export const PageQueryProperties = {
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description:
      'Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null.',
  }),
  cursor: Type.String({
    minLength: 1,
    maxLength: 512,
    // The wire form of lib/cursor.ts (payload "." MAC, both base64url): stated so generators
    // and validators know it; anything else is 400 INVALID_CURSOR like a tampered cursor.
    pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
    description: 'meta.nextCursor or meta.previousCursor of an earlier page.',
  }),
  direction: StringEnum(DIRECTIONS, {
    description:
      'NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from.',
  }),
  sortOrder: StringEnum(SORT_ORDERS, {
    default: 'DESCENDING',
    description: 'Order by creation time (then id).',
  }),
};

const pageQueryFields = {
  limit: Type.Optional(PageQueryProperties.limit),
  cursor: Type.Optional(PageQueryProperties.cursor),
  direction: Type.Optional(PageQueryProperties.direction),
  sortOrder: Type.Optional(PageQueryProperties.sortOrder),
};

/** A list's query string: the spec's page parameters plus the list's own optional filters. */
export const ListQuery = <F extends TProperties>(filters: F) =>
  Type.Object({ ...pageQueryFields, ...filters }, { additionalProperties: false });

export const PageQuery = ListQuery({});
export type PageQuery = Static<typeof PageQuery>;

export const PageMeta = Type.Object({
  previousCursor: Type.Union([Type.String(), Type.Null()]),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer({ description: 'Number of items in this page (not of the whole list).' }),
});

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), meta: PageMeta });

export interface PageResult<T> {
  data: T[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

export interface KeysetPosition {
  sortValue: number | string;
  id: string;
}

/**
 * The rows a repository read for a plan and, when it stopped examining before the end of the
 * list without filling the page (a metadata filter's candidate bound: db/metadata-filter.ts),
 * the last position it examined, in the plan's order: nothing up to there was left out, and the
 * page's cursor continues from it.
 */
export interface KeysetRead<Row> {
  rows: Row[];
  scannedTo?: KeysetPosition | undefined;
}

/** What the repository must fetch: up to `fetch` rows beyond `after`, in `order`. */
export interface KeysetPlan {
  after: KeysetPosition | undefined;
  order: 'asc' | 'desc';
  fetch: number;
  limit: number;
  direction: Direction;
  /** The cursor position the request came with, if any. */
  from: CursorPosition | undefined;
}

/**
 * The scope a cursor is bound to: the list, its filters and its sort order. Changing any of
 * them between pages makes the cursor invalid rather than silently answering another list.
 */
export function listScope(
  list: string,
  filters: Record<string, unknown>,
  sortOrder: SortOrder,
): string {
  const keys = Object.keys(filters)
    .filter((k) => filters[k] !== undefined)
    .sort();
  return `${list}|${keys.map((k) => `${k}=${JSON.stringify(filters[k])}`).join('&')}|${sortOrder}`;
}

const invalidCursor = (detail: string) =>
  new AppError('INVALID_CURSOR', {
    detail,
    errors: [{ pointer: '/cursor', in: 'query', code: 'INVALID_CURSOR', detail }],
  });

export function planPage(query: PageQuery, codec: CursorCodec, binding: CursorBinding): KeysetPlan {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const descending = (query.sortOrder ?? 'DESCENDING') === 'DESCENDING';
  let from: CursorPosition | undefined;
  if (query.cursor !== undefined) {
    from = codec.decode(query.cursor, binding);
    if (!from) {
      throw invalidCursor(
        'The cursor is malformed, was altered, or belongs to another list, filter, sort order or customer.',
      );
    }
    if (query.direction !== undefined && query.direction !== from.direction) {
      throw invalidCursor(
        `This cursor continues ${from.direction}; direction ${query.direction} contradicts it.`,
      );
    }
  } else if (query.direction === 'PREVIOUS') {
    throw invalidCursor('direction PREVIOUS needs a cursor (meta.previousCursor of a page).');
  }
  const direction = from?.direction ?? 'NEXT';
  // A PREVIOUS page is read backwards from the cursor, then put back in display order.
  const queryDescending = descending !== (direction === 'PREVIOUS');
  return {
    after: from && { sortValue: from.sortValue, id: from.id },
    order: queryDescending ? 'desc' : 'asc',
    fetch: limit + 1,
    limit,
    direction,
    from,
  };
}

/**
 * The most a page's large members may weigh, in UTF-8 bytes of their stored JSON (docs/api.md
 * "Pagination": a page stops early once its items reach it).
 */
export const PAGE_WEIGHT = 256 * 1024;

/**
 * What a stored JSON member weighs against PAGE_WEIGHT: its UTF-8 bytes, what it costs on the
 * wire, and what the statement counts too (db/page-weight.ts, `octet_length`), so the two cuts
 * fall on the same row.
 */
export const storedWeight = (json: string): number => Buffer.byteLength(json, 'utf8');

/**
 * The read cut where its items' weight reaches `budget`: the rows up to and including the one
 * that reaches it, with `scannedTo` at that row, so the page is short and its cursor continues
 * right after it (buildPage). A read whose page fits is returned as it is. The first row always
 * stays, so a page is never empty for this reason, and a page weighs at most `budget` plus one
 * row. Why: every page costs at most about what `budget` costs to build and send, whatever the
 * items hold: 100 accounts with 50 metadata values of 500 characters are 2.6 MB, built and
 * written in one stretch of the event loop that every other customer's requests wait behind
 * (issue 23 point 6, bench:neighbour `deep`).
 */
export function withinPageWeight<Row>(
  read: KeysetRead<Row>,
  plan: Pick<KeysetPlan, 'limit'>,
  keyOf: (row: Row) => KeysetPosition,
  weightOf: (row: Row) => number,
  budget: number = PAGE_WEIGHT,
): KeysetRead<Row> {
  const { rows } = read;
  const end = Math.min(rows.length, plan.limit);
  let weight = 0;
  for (let i = 0; i < end - 1; i++) {
    weight += weightOf(rows[i]!);
    if (weight >= budget) return { rows: rows.slice(0, i + 1), scannedTo: keyOf(rows[i]!) };
  }
  return read;
}

/**
 * The page of `rows` (up to `plan.fetch` of them, in the plan's order) with its cursors. With
 * `scannedTo` (a read that stopped examining there: KeysetRead) and the page not full, the page
 * is short, possibly empty, and its cursor onward continues after `scannedTo` rather than being
 * null: the rest of the list was not looked at yet.
 */
export function buildPage<Row, Item>(
  rows: Row[],
  plan: KeysetPlan,
  keyOf: (row: Row) => KeysetPosition,
  toItem: (row: Row) => Item,
  codec: CursorCodec,
  binding: CursorBinding,
  scannedTo?: KeysetPosition,
): PageResult<Item> {
  const hasMore = rows.length > plan.limit;
  const cutShort = !hasMore && scannedTo !== undefined;
  const pageRows = rows.slice(0, plan.limit);
  if (plan.direction === 'PREVIOUS') pageRows.reverse();
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  const cursor = (position: KeysetPosition | undefined, direction: Direction) =>
    position ? codec.encode({ ...position, direction }, binding) : null;

  let previousCursor: string | null;
  let nextCursor: string | null;
  if (plan.direction === 'NEXT') {
    nextCursor = hasMore
      ? cursor(last && keyOf(last), 'NEXT')
      : cutShort
        ? cursor(scannedTo, 'NEXT')
        : null;
    // The first page (no cursor) has no previous page (spec rule 1).
    previousCursor = plan.from ? cursor(first ? keyOf(first) : plan.after, 'PREVIOUS') : null;
  } else {
    previousCursor = hasMore
      ? cursor(first && keyOf(first), 'PREVIOUS')
      : cutShort
        ? cursor(scannedTo, 'PREVIOUS')
        : null;
    nextCursor = cursor(last ? keyOf(last) : plan.after, 'NEXT');
  }
  return {
    data: pageRows.map(toItem),
    meta: { previousCursor, nextCursor, total: pageRows.length },
  };
}
