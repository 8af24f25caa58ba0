import { TokenProvider } from './auth/token-provider.js';
import { systemClock, type Clock } from './clock.js';
import type { ApiRequest } from './core/api-request.js';
import { globalFetch, type FetchFn } from './core/fetch-fn.js';
import { HttpTransport } from './core/http-transport.js';
import { RequestCore } from './core/request-core.js';
import { AccountsResource } from './resources/accounts.js';

/**
 * How to reach and authenticate to a cofre deployment.
 *
 * @example
 * ```ts
 * const options: CofreClientOptions = {
 *   baseUrl: 'https://sandbox.cofre.example',
 *   clientId: process.env.COFRE_CLIENT_ID ?? '',
 *   clientSecret: process.env.COFRE_CLIENT_SECRET ?? '',
 *   refreshMarginSeconds: 600,
 * };
 * ```
 */
export interface CofreClientOptions {
  /** Where the API is, e.g. `https://api.example.com` (paths start with `/v1`). */
  baseUrl: string;
  /** Issued at onboarding; sandbox and production have separate ones. */
  clientId: string;
  /** Issued at onboarding; shown once. Keep it out of logs and source control. */
  clientSecret: string;
  /** Replaces the global `fetch` (for a proxy agent, instrumentation or tests). */
  fetch?: FetchFn | undefined;
  /** Replace the access token this many seconds before it expires. Default 300. */
  refreshMarginSeconds?: number | undefined;
  /** Where time comes from (for tests). Default: `Date.now`. */
  clock?: Clock | undefined;
}

/** Spec section 5.5: reuse a token until shortly before expiry; five minutes is "shortly". */
const DEFAULT_REFRESH_MARGIN_SECONDS = 300;

/**
 * The cofre API client. It exchanges the client credentials for an access token on first use,
 * reuses that token and replaces it shortly before it expires, and turns every error answer into
 * a `CofreApiError`. One instance is meant to live as long as the process and be shared.
 *
 * @example
 * ```ts
 * import { CofreClient } from '@cofre/sdk';
 *
 * const cofre = new CofreClient({
 *   baseUrl: 'https://sandbox.cofre.example',
 *   clientId: process.env.COFRE_CLIENT_ID!,
 *   clientSecret: process.env.COFRE_CLIENT_SECRET!,
 * });
 * const account = await cofre.accounts.create({ type: 'CHECKING' });
 * for await (const a of cofre.accounts.iterate({ type: 'CHECKING' })) console.log(a.id);
 * ```
 */
export class CofreClient {
  /** Open, read and list accounts. */
  readonly accounts: AccountsResource;
  private readonly core: RequestCore;

  constructor(options: CofreClientOptions) {
    const margin = options.refreshMarginSeconds ?? DEFAULT_REFRESH_MARGIN_SECONDS;
    if (!/^https?:\/\//i.test(options.baseUrl))
      throw new TypeError('baseUrl must be an http(s) URL');
    if (options.clientId === '' || options.clientSecret === '') {
      throw new TypeError('clientId and clientSecret are required');
    }
    if (!Number.isFinite(margin) || margin < 0)
      throw new TypeError('refreshMarginSeconds must be a number ≥ 0');
    const transport = new HttpTransport(options.baseUrl, options.fetch ?? globalFetch);
    const tokens = new TokenProvider({
      transport,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      clock: options.clock ?? systemClock,
      refreshMarginSeconds: margin,
    });
    this.core = new RequestCore(transport, tokens);
    this.accounts = new AccountsResource(this.core);
  }

  /**
   * Calls any endpoint through the same core as the resources (token, JSON, errors, one retry
   * on a refused token): for endpoints this SDK version does not wrap yet.
   *
   * @example
   * ```ts
   * const page = await cofre.request<Page<{ id: string }>>({ method: 'GET', path: '/v1/beneficiaries', query: { limit: 5 } });
   * ```
   */
  request<T>(request: ApiRequest): Promise<T> {
    return this.core.request<T>(request);
  }
}
