import type { PageCursor } from './types.js';

export type QueryValue = string | readonly string[] | undefined;

/**
 * A path with its query string, leaving out empty values; an array is the parameter repeated
 * (`type=A&type=B`, as GET /v1/operations takes several values). Used for the polled lists,
 * which are plain GETs (useLive), and for links that carry a filter.
 */
export function withQuery(path: string, params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) {
      if (v !== '') search.append(name, v);
    }
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The cursor members of a list request for a page (none for the first page). */
export function cursorQuery(page: PageCursor | undefined): Record<string, string> {
  return page ? { cursor: page.cursor, direction: page.direction } : {};
}
