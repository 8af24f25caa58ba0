/**
 * One path segment from a caller's id: refused when empty (it would address the collection
 * instead), percent-encoded otherwise (an id with `/` or `?` must not change the path).
 *
 * @example
 * ```ts
 * const path = `/v1/subscriptions/${segment('subscriptionId', id)}/health`;
 * ```
 */
export function segment(name: string, value: string): string {
  if (value === '') throw new TypeError(`${name} must not be empty`);
  return encodeURIComponent(value);
}
