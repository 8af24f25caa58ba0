import { problemFrom } from './problem.js';

/**
 * One poll of a GET endpoint with `If-None-Match` (docs/api.md "Conditional GETs"): the server
 * answers 304 with no body when the representation has not changed since `etag`, so a page that
 * watches a list costs one small round trip per interval until something happens.
 */
export type Polled<T> =
  { kind: 'changed'; data: T; etag: string | undefined } | { kind: 'unchanged' };

export async function pollJson<T>(
  url: string,
  headers: Record<string, string>,
  etag: string | undefined,
): Promise<Polled<T>> {
  const response = await fetch(url, {
    headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) },
    // The browser's HTTP cache would turn a 304 back into a 200 with the old body; the console
    // keeps the last body itself.
    cache: 'no-store',
  });
  if (response.status === 304) return { kind: 'unchanged' };
  if (!response.ok) throw await problemFrom(response);
  return {
    kind: 'changed',
    data: (await response.json()) as T,
    etag: response.headers.get('etag') ?? undefined,
  };
}
