import type { AccessTokenSource } from '../auth/access-token-source.js';
import { CofreApiError } from '../errors/cofre-api-error.js';
import type { ApiRequest } from './api-request.js';
import type { HttpTransport } from './http-transport.js';

/** Answers after which a new token may succeed: the token expired or stopped being valid. */
const REFRESHABLE_CODES: ReadonlySet<string> = new Set([
  'EXPIRED_ACCESS_TOKEN',
  'INVALID_ACCESS_TOKEN',
]);

/**
 * The one path every authenticated call takes: attach `Authorization: Bearer <token>`, send, and
 * when the server refuses the token (401 `EXPIRED_ACCESS_TOKEN` or `INVALID_ACCESS_TOKEN`, e.g.
 * after a secret rotation or a clock jump) drop it, get a new one and send the request once more.
 * A 401 means the request was not processed, so resending it is safe, POSTs included. A second
 * refusal is thrown to the caller.
 *
 * @example
 * ```ts
 * const core = new RequestCore(transport, tokens);
 * const account = await core.request<Account>({ method: 'GET', path: '/v1/accounts/acc_x' });
 * ```
 */
export class RequestCore {
  constructor(
    private readonly transport: HttpTransport,
    private readonly tokens: AccessTokenSource,
  ) {}

  async request<T>(request: ApiRequest): Promise<T> {
    const token = await this.tokens.token();
    try {
      return await this.sendWith<T>(request, token);
    } catch (error) {
      if (
        !(error instanceof CofreApiError) ||
        error.status !== 401 ||
        !REFRESHABLE_CODES.has(error.code)
      )
        throw error;
      this.tokens.invalidate(token);
      return this.sendWith<T>(request, await this.tokens.token());
    }
  }

  private async sendWith<T>(request: ApiRequest, token: string): Promise<T> {
    const response = await this.transport.send<T>(request, { authorization: `Bearer ${token}` });
    return response.data;
  }
}
