/**
 * Thrown when the server could not be reached or the connection broke before a whole answer
 * arrived: DNS failure, refused or reset connection, TLS error. The message names the host and
 * the reason (`could not reach api.example.com:443 (ECONNREFUSED)`); `cause` is what `fetch`
 * threw, with its own `cause` chain intact. Such failures are retried like timeouts (see the
 * client's `retry` option) before this is thrown.
 *
 * @example
 * ```ts
 * try {
 *   await cofre.accounts.list();
 * } catch (error) {
 *   if (error instanceof CofreConnectionError) console.warn(error.host, error.reason);
 *   else throw error;
 * }
 * ```
 */
export class CofreConnectionError extends Error {
  /** `host[:port]` of the URL that could not be reached. */
  readonly host: string;
  /** The system error code (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`…) or, without one, the innermost message. */
  readonly reason: string;
  /** The method and URL of the request. */
  readonly method: string;
  readonly url: string;

  constructor(init: { method: string; url: string; cause: unknown }) {
    const host = hostOf(init.url);
    const reason = reasonOf(init.cause);
    super(`could not reach ${host} (${reason})`, { cause: init.cause });
    this.name = 'CofreConnectionError';
    this.host = host;
    this.reason = reason;
    this.method = init.method;
    this.url = init.url;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * undici throws `TypeError: fetch failed` and hides the useful part in `cause` (a system error
 * with `code`, or an AggregateError of one per address tried); walk down to the first code.
 */
function reasonOf(error: unknown): string {
  let innermost = 'unknown error';
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const record = current as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof record.code === 'string' && record.code !== '') return record.code;
    if (typeof record.message === 'string' && record.message !== '') innermost = record.message;
    if (Array.isArray(record.errors) && record.errors.length > 0) {
      const first = record.errors.map(reasonOf).find((r) => /^[A-Z_]+$/.test(r));
      if (first !== undefined) return first;
    }
    current = record.cause;
  }
  return innermost;
}
