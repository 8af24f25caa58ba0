import type { AccessTokenSource } from '../auth/access-token-source.js';
import { CofreApiError } from '../errors/cofre-api-error.js';
import type { ApiRequest } from './api-request.js';
import type { HttpTransport } from './http-transport.js';
import { retryDelay, type RetryOptions } from './retry-policy.js';

/** Waits `ms`, or rejects when `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** What the core needs besides the transport and the tokens. */
export interface RequestCoreOptions {
  retry: RetryOptions;
  sleep: Sleep;
  now: () => number;
  random: () => number;
}

/** Answers after which a new token may succeed: the token expired or stopped being valid. */
const REFRESHABLE_CODES: ReadonlySet<string> = new Set([
  'EXPIRED_ACCESS_TOKEN',
  'INVALID_ACCESS_TOKEN',
]);

/**
 * The one path every authenticated call takes: attach `Authorization: Bearer <token>` and send.
 * When the server refuses the token (401 `EXPIRED_ACCESS_TOKEN` or `INVALID_ACCESS_TOKEN`, e.g.
 * after a secret rotation or a clock jump) drop it, get a new one and send the request once more.
 * A 401 means the request was not processed, so resending it is safe, POSTs included; a second
 * refusal is thrown. Around that, retry what is safe to retry (`retryDelay`: network failures,
 * timeouts, 429, 5xx on idempotent methods or keyed requests), with backoff, a bounded number
 * of times.
 *
 * @example
 * ```ts
 * const core = new RequestCore(transport, tokens, { retry: DEFAULT_RETRY, sleep: realSleep, now: Date.now, random: Math.random });
 * const account = await core.request<Account>({ method: 'GET', path: '/v1/accounts/acc_x' });
 * ```
 */
export class RequestCore {
  constructor(
    private readonly transport: HttpTransport,
    private readonly tokens: AccessTokenSource,
    private readonly options: RequestCoreOptions,
  ) {}

  async request<T>(request: ApiRequest): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.authenticated<T>(request);
      } catch (error) {
        const delay = retryDelay(
          {
            attempt,
            method: request.method,
            keyed: request.idempotencyKey !== undefined,
            error,
            abortedByCaller: request.signal?.aborted ?? false,
            now: this.options.now(),
            random: this.options.random(),
          },
          this.options.retry,
        );
        if (delay === undefined) throw error;
        await this.options.sleep(delay, request.signal);
      }
    }
  }

  private async authenticated<T>(request: ApiRequest): Promise<T> {
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
