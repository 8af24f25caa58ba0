/**
 * The part of `fetch` the SDK uses. Node's global `fetch` (Node ≥ 20) satisfies it; so does any
 * wrapper or test double that takes a URL string and a `RequestInit`.
 *
 * @example
 * ```ts
 * const logged: FetchFn = async (url, init) => {
 *   console.log(init.method, url);
 *   return fetch(url, init);
 * };
 * ```
 */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The global `fetch`, looked up at call time (so a later replacement of `globalThis.fetch` is
 * honoured) and called with the right receiver.
 *
 * @example
 * ```ts
 * const response = await globalFetch('https://api.example.com/health', { method: 'GET' });
 * ```
 */
export const globalFetch: FetchFn = (url, init) => globalThis.fetch(url, init);
