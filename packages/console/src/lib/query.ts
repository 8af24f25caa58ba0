/**
 * Query strings and list positions, one way for every page.
 */

export type QueryValue = string | number | readonly string[] | undefined;

/**
 * `path?a=1&type=X&type=Y`: empty values left out, arrays as the parameter repeated (the API's
 * `style: form, explode: true`, as `GET /v1/operations?type=A&type=B` takes several values).
 * For polled lists (useLive) and for links that carry a filter.
 */
export function withQuery(path: string, params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number') search.append(name, String(value));
    else for (const v of value) if (v !== '') search.append(name, v);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Where a list is: the cursor and direction of the page shown (the spec's pagination). */
export interface PagePosition {
  cursor: string;
  direction: 'NEXT' | 'PREVIOUS';
}

/** The pagination parameters of a position (none: the first page). */
export function pageQuery(position: PagePosition | undefined): Record<string, string> {
  return position ? { cursor: position.cursor, direction: position.direction } : {};
}
