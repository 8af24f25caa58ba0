import { CofreConnectionError } from '../errors/cofre-connection-error.js';
import { toApiError } from '../errors/to-api-error.js';
import { SDK_VERSION } from '../version.js';
import type { ApiRequest } from './api-request.js';
import type { FetchFn } from './fetch-fn.js';
import { buildQueryString } from './query-string.js';
import { readBody } from './read-body.js';

/**
 * What the SDK says it is: `cofre-sdk/<package version> node/<process.version>`, so server logs
 * tell which SDK release sent a request.
 *
 * @example
 * ```ts
 * import { USER_AGENT } from '@cofre/sdk';
 * console.log(USER_AGENT); // cofre-sdk/0.1.0 node/v20.19.0
 * ```
 */
export const USER_AGENT = `cofre-sdk/${SDK_VERSION} node/${process.version}`;

/**
 * A successful answer: the parsed JSON body (undefined when the body was empty, as for 204) and
 * what the HTTP layer said about it.
 *
 * @example
 * ```ts
 * const { status, data } = await transport.send<Account>({ method: 'GET', path: '/v1/accounts/acc_x' });
 * ```
 */
export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

/**
 * Sends one HTTP request and nothing more: URL and header building, JSON in and out, a time
 * limit, and the mapping of every non-2xx answer to a `CofreApiError`. It does not authenticate
 * or retry; the request core does that on top of it. A network failure (before or during the
 * answer) is a `CofreConnectionError` naming the host and why, with what `fetch` threw as its
 * `cause`; a call that outlives `timeoutMs` is aborted and rejects with a `DOMException`
 * named `TimeoutError`.
 *
 * @example
 * ```ts
 * const transport = new HttpTransport('https://api.example.com', fetch);
 * const res = await transport.send<{ status: string }>({ method: 'GET', path: '/health' });
 * ```
 */
export class HttpTransport {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly fetchFn: FetchFn,
    /** Limit for one HTTP exchange, body included; 0 for none. */
    private readonly timeoutMs = 0,
  ) {
    // One trailing slash or many: paths always bring their own leading one.
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** The absolute URL of a request: base URL, path and query string. */
  urlOf(request: Pick<ApiRequest, 'path' | 'query'>): string {
    return `${this.baseUrl}${request.path}${buildQueryString(request.query ?? {})}`;
  }

  async send<T>(
    request: ApiRequest,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<ApiResponse<T>> {
    const url = this.urlOf(request);
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      'user-agent': USER_AGENT,
      ...extraHeaders,
    };
    // The API never redirects; following one would resend the bearer token somewhere else, so a
    // 3xx is handed back (and reported as an unexpected answer) instead.
    const init: RequestInit = { method: request.method, headers, redirect: 'manual' };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
    const signals = [
      request.signal,
      this.timeoutMs > 0 ? AbortSignal.timeout(this.timeoutMs) : undefined,
    ].filter((signal): signal is AbortSignal => signal !== undefined);
    if (signals.length > 0)
      init.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);

    let response: Response;
    let body: Awaited<ReturnType<typeof readBody>>;
    try {
      response = await this.fetchFn(url, init);
      body = await readBody(response);
    } catch (error) {
      // An abort (the caller's signal or the time limit) stays what it is: callers test for it.
      if (isAbort(error) || init.signal?.aborted === true) throw error;
      throw new CofreConnectionError({ method: request.method, url, cause: error });
    }
    const target = { method: request.method, url };
    if (response.status < 200 || response.status > 299) throw toApiError(target, response, body);
    // A success body that is not JSON is not an answer of this API (a captive portal, a proxy).
    if (!body.parsed && body.text !== '') throw toApiError(target, response, body);
    return { status: response.status, headers: response.headers, data: body.json as T };
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
