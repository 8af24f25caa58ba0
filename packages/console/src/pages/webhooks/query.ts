import type { PagePosition } from './types.js';

type QueryValue = string | number | readonly string[] | undefined;

/**
 * `path?a=1&type=X&type=Y`: a GET path for useLive, with empty values left out and arrays as
 * repeated parameters (the API's `style: form, explode: true`; docs/api.md "Events feed").
 */
export function withQuery(path: string, params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) search.append(key, v);
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The pagination parameters of a page position (none for the first page). */
export function pageParams(position: PagePosition): Record<string, string | undefined> {
  return position ? { cursor: position.cursor, direction: position.direction } : {};
}

/** "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ" → "sub_…B5N0AQ": ids in narrow table cells. */
export function shortId(id: string): string {
  const cut = id.indexOf('_');
  return id.length > cut + 10 ? `${id.slice(0, cut + 1)}…${id.slice(-6)}` : id;
}
