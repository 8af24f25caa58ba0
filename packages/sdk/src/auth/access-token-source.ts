/**
 * Where the request core gets bearer tokens from, and how it reports one the server refused.
 *
 * @example
 * ```ts
 * const fixed: AccessTokenSource = {
 *   token: async () => process.env.COFRE_TOKEN ?? '',
 *   invalidate: () => {},
 * };
 * ```
 */
export interface AccessTokenSource {
  /** A token to send now: the cached one, or a new one when it is due for refresh. */
  token(): Promise<string>;
  /** Forget `token` (the server refused it), unless a newer one has already replaced it. */
  invalidate(token: string): void;
}
