import type { Clock } from '../clock.js';
import type { HttpTransport } from '../core/http-transport.js';
import { CofreApiError } from '../errors/cofre-api-error.js';
import { UNEXPECTED_RESPONSE } from '../errors/error-codes.js';
import type { AccessTokenSource } from './access-token-source.js';
import { isTokenResponse } from './token-response.js';

const TOKEN_PATH = '/v1/oauth/client/token';

/**
 * What a {@link TokenProvider} needs.
 *
 * @example
 * ```ts
 * const options: TokenProviderOptions = {
 *   transport: new HttpTransport('https://api.example.com', fetch),
 *   clientId: 'cli_…',
 *   clientSecret: process.env.COFRE_CLIENT_SECRET ?? '',
 *   clock: systemClock,
 *   refreshMarginSeconds: 300,
 * };
 * ```
 */
export interface TokenProviderOptions {
  transport: HttpTransport;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  /** How long before expiry a token is replaced, in seconds. */
  refreshMarginSeconds: number;
  /**
   * The scopes to ask for, space-separated (e.g. `operations:read accounts:read`); absent: all
   * the client holds. docs/api.md "Restricted clients and scopes".
   */
  scope?: string | undefined;
}

interface CachedToken {
  value: string;
  /** From this instant (epoch ms) on, the next call fetches a new token first. */
  refreshAt: number;
  /** The instant (epoch ms) the token stops being valid, as far as this client can tell. */
  expiresAt: number;
}

/**
 * Client-credentials tokens done the way spec section 5.5 asks: one token is reused until
 * shortly before it expires, then replaced before the server would refuse it; never one token
 * per call. Concurrent callers that find no usable token share a single token request (single
 * flight). The lifetime comes from `expiresIn`, measured from when the request was sent, so it
 * does not depend on this machine's clock agreeing with the server's.
 *
 * A token that lives less than twice the refresh margin is replaced at half its lifetime, so a
 * short-lived token is still reused. When an early refresh fails while the cached token has not
 * yet expired, the cached token is used and the refresh is tried again on the next call.
 *
 * @example
 * ```ts
 * const tokens = new TokenProvider({ transport, clientId, clientSecret, clock: systemClock, refreshMarginSeconds: 300 });
 * const bearer = await tokens.token();
 * ```
 */
export class TokenProvider implements AccessTokenSource {
  private cached: CachedToken | undefined;
  private inFlight: Promise<CachedToken> | undefined;

  constructor(private readonly options: TokenProviderOptions) {}

  async token(): Promise<string> {
    const cached = this.cached;
    if (cached && this.options.clock.now() < cached.refreshAt) return cached.value;
    try {
      return (await this.refresh()).value;
    } catch (error) {
      // Still valid and not refused by the server: better to use it than to fail the call.
      const stillUsable =
        cached !== undefined &&
        this.cached === cached &&
        this.options.clock.now() < cached.expiresAt;
      if (stillUsable) return cached.value;
      throw error;
    }
  }

  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = undefined;
  }

  /** The running token request, or a new one; it clears itself when it settles. */
  private refresh(): Promise<CachedToken> {
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async fetchToken(): Promise<CachedToken> {
    const { transport, clientId, clientSecret, clock, scope } = this.options;
    const sentAt = clock.now();
    const response = await transport.send<unknown>({
      method: 'POST',
      path: TOKEN_PATH,
      body: { clientId, clientSecret, ...(scope === undefined ? {} : { scope }) },
    });
    if (!isTokenResponse(response.data)) {
      throw new CofreApiError({
        method: 'POST',
        url: transport.urlOf({ path: TOKEN_PATH }),
        status: response.status,
        code: UNEXPECTED_RESPONSE,
        title: 'The token endpoint answered without a usable token',
        detail: 'Expected {accessToken, tokenType: "Bearer", expiresIn > 0}.',
        errors: [],
        requestId: response.headers.get('x-request-id') ?? undefined,
        // Left out: the body may hold a token, which must not travel in error reports.
        body: undefined,
      });
    }
    const lifetimeMs = response.data.expiresIn * 1000;
    const marginMs = Math.min(this.options.refreshMarginSeconds * 1000, lifetimeMs / 2);
    const token: CachedToken = {
      value: response.data.accessToken,
      expiresAt: sentAt + lifetimeMs,
      refreshAt: sentAt + lifetimeMs - marginMs,
    };
    this.cached = token;
    return token;
  }
}
