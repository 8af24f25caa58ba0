/**
 * A value a query parameter may take; `undefined` and `null` mean "leave the parameter out". A
 * map of strings (the `metadata` filter) is sent as `name[key]=value` pairs (OpenAPI
 * `style: deepObject`).
 */
export type QueryValue =
  | string
  | number
  | boolean
  | readonly (string | number | boolean)[]
  | Readonly<Record<string, string>>
  | undefined
  | null;

/**
 * Builds a query string (with its leading `?`, or `''` when nothing is left) from a flat object,
 * skipping parameters whose value is `undefined` or `null` so optional filters can be passed
 * straight through. Parameters keep the order of the object's keys; values are percent-encoded
 * the way `URLSearchParams` does.
 *
 * @example
 * ```ts
 * buildQueryString({ limit: 50, cursor: undefined, type: 'SAVING' }); // '?limit=50&type=SAVING'
 * buildQueryString({ type: ['A', 'B'] }); // '?type=A&type=B'
 * buildQueryString({ metadata: { orderId: '6735' } }); // '?metadata%5BorderId%5D=6735'
 * buildQueryString({}); // ''
 * ```
 */
export function buildQueryString(params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      // A map: one `name[key]=value` per pair (deepObject, as the server reads `metadata`).
      for (const [key, item] of Object.entries(value as Record<string, string>)) {
        search.append(`${name}[${key}]`, item);
      }
      continue;
    }
    // A list is the parameter repeated (OpenAPI's default for a query array: form, explode).
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
