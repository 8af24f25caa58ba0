import type { Page } from './page.js';

/**
 * Walks a list from its first page to its last, yielding every item once, in the list's order.
 * `fetchPage` is called with `undefined` for the first page and then with each page's
 * `meta.nextCursor` until that is null. Pages are fetched lazily, one at a time, as the caller
 * consumes items; breaking out of the loop stops fetching.
 *
 * @example
 * ```ts
 * for await (const account of paginate((cursor) => client.accounts.list({ limit: 100, cursor }))) {
 *   console.log(account.id);
 * }
 * ```
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  const followed = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.data;
    const next = page.meta.nextCursor;
    if (next === null) return;
    // A cursor seen before would repeat pages forever; stop loudly instead.
    if (followed.has(next))
      throw new Error(`Pagination returned the cursor ${next} a second time; stopping.`);
    followed.add(next);
    cursor = next;
  }
}
