import type { QueryValue } from './query-string.js';

/**
 * HTTP methods the API uses.
 *
 * @example
 * ```ts
 * const method: HttpMethod = 'POST';
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Per-call options every SDK method accepts.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await client.accounts.create({ type: 'CHECKING' }, { idempotencyKey: crypto.randomUUID(), signal: controller.signal });
 * ```
 */
export interface RequestOptions {
  /**
   * Sent as the `Idempotency-Key` header: repeating a POST with the same key and body returns
   * the original answer instead of acting twice. Use a fresh random value per logical operation
   * and reuse it only when retrying that operation. Creating methods send a random one when
   * none is given, so the client's own retries are safe.
   */
  idempotencyKey?: string | undefined;
  /** Aborts the HTTP call (the shared token request, if one is running, is not aborted). */
  signal?: AbortSignal | undefined;
}

/**
 * One call to the API, as the request core takes it.
 *
 * @example
 * ```ts
 * const request: ApiRequest = { method: 'GET', path: '/v1/accounts', query: { limit: 50 } };
 * ```
 */
export interface ApiRequest extends RequestOptions {
  method: HttpMethod;
  /** Path below the base URL, starting with `/` (e.g. `/v1/accounts`). Encode ids yourself. */
  path: string;
  /** Query parameters; `undefined` and `null` values are left out. */
  query?: Readonly<Record<string, QueryValue>> | undefined;
  /** JSON-serialisable request body; none when undefined. */
  body?: unknown;
}
