import { TokenProvider } from './auth/token-provider.js';
import { systemClock, type Clock } from './clock.js';
import type { ApiRequest } from './core/api-request.js';
import { globalFetch, type FetchFn } from './core/fetch-fn.js';
import { HttpTransport } from './core/http-transport.js';
import { RequestCore, realSleep, type Sleep } from './core/request-core.js';
import { DEFAULT_RETRY, type RetryOptions } from './core/retry-policy.js';
import { AccountsResource } from './resources/accounts.js';
import { BeneficiariesResource } from './resources/beneficiaries.js';
import { EventsResource } from './resources/events.js';
import { ExecutionLogsResource } from './resources/execution-logs.js';
import { OperationsResource } from './resources/operations.js';
import { PixResource } from './resources/pix.js';
import { SubscriptionsResource } from './resources/subscriptions.js';
import { QuotesResource } from './resources/quotes.js';
import { RatesResource } from './resources/rates.js';

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
  /**
   * Ask for fewer scopes than the client holds, space-separated (`'operations:read'`); a call
   * outside them is a `CofreApiError` with code `INSUFFICIENT_SCOPE` (403). Default: all.
   */
  scope?: string | undefined;
  /** Where time comes from (for tests). Default: `Date.now`. */
  clock?: Clock | undefined;
  /**
   * Limit for one HTTP exchange (each attempt, body included), in ms; 0 for none. A call that
   * outlives it rejects with a `DOMException` named `TimeoutError`. Default 30,000.
   */
  timeoutMs?: number | undefined;
  /**
   * Retries of calls that are safe to repeat (GET, HEAD, PUT, DELETE, or any request with an
   * `Idempotency-Key`) after a network failure, a timeout, 429 (honouring `Retry-After`), 5xx
   * or 409 `IDEMPOTENCY_IN_PROGRESS`. Any subset overrides the defaults
   * (`{ maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60000 }`);
   * `false` turns retries off.
   */
  retry?: Partial<RetryOptions> | false | undefined;
  /** How the client waits between attempts (for tests). Default: a timer. */
  sleep?: Sleep | undefined;
}

/** Long enough for a slow answer, short enough that a dead connection does not hang a caller. */
const DEFAULT_TIMEOUT_MS = 30_000;

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
  /** Beneficiaries and their payment instructions. */
  readonly beneficiaries: BeneficiariesResource;
  /** Deposits and withdrawals, their state and history. */
  readonly operations: OperationsResource;
  /** The PIX key directory (pay with `operations.pixPayment`). */
  readonly pix: PixResource;
  /** Priced conversions, used once by a swap (docs/api.md "Quotes"). */
  readonly quotes: QuotesResource;
  /** Indicative exchange rates (docs/api.md "Rates"). */
  readonly rates: RatesResource;
  /** Webhook subscriptions: CRUD, signing secret and rotation, health, recover (docs/webhooks.md). */
  readonly subscriptions: SubscriptionsResource;
  /** Every delivery attempt of a subscription, and resend (docs/webhooks.md "Execution log"). */
  readonly executionLogs: ExecutionLogsResource;
  /** The events feed, to catch up on what a receiver missed (`GET /v1/events`). */
  readonly events: EventsResource;
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
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs < 0)
      throw new TypeError('timeoutMs must be a number ≥ 0');
    const retry: RetryOptions =
      options.retry === false
        ? { ...DEFAULT_RETRY, maxAttempts: 1 }
        : { ...DEFAULT_RETRY, ...definedMembers(options.retry ?? {}) };
    if (!Number.isInteger(retry.maxAttempts) || retry.maxAttempts < 1)
      throw new TypeError('retry.maxAttempts must be an integer ≥ 1');
    const clock = options.clock ?? systemClock;
    const transport = new HttpTransport(options.baseUrl, options.fetch ?? globalFetch, timeoutMs);
    const tokens = new TokenProvider({
      transport,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      clock,
      refreshMarginSeconds: margin,
      scope: options.scope,
    });
    this.core = new RequestCore(transport, tokens, {
      retry,
      sleep: options.sleep ?? realSleep,
      now: () => clock.now(),
      random: Math.random,
    });
    this.accounts = new AccountsResource(this.core);
    this.beneficiaries = new BeneficiariesResource(this.core);
    this.operations = new OperationsResource(this.core);
    this.pix = new PixResource(this.core);
    this.quotes = new QuotesResource(this.core);
    this.rates = new RatesResource(this.core);
    this.subscriptions = new SubscriptionsResource(this.core);
    this.executionLogs = new ExecutionLogsResource(this.core);
    this.events = new EventsResource(this.core);
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

/** The members that are not `undefined`, so `{ maxAttempts: undefined }` keeps the default. */
function definedMembers<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== undefined),
  ) as Partial<T>;
}
