import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Page } from '../pagination/page.js';
import { paginate } from '../pagination/paginate.js';
import type {
  Account,
  AccountFilters,
  Balance,
  BalancesAt,
  CreateAccountInput,
  ListAccountsQuery,
  StatementEntry,
  StatementFilters,
  StatementPage,
  StatementQuery,
  UpdateAccountInput,
} from '../types/account.js';
import type { FundingInstruction } from '../types/operation.js';

/**
 * Accounts: open, read and list them. Reach it as `client.accounts`.
 *
 * @example
 * ```ts
 * const account = await client.accounts.create({ type: 'CHECKING' });
 * const same = await client.accounts.get(account.id);
 * ```
 */
export class AccountsResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Opens an account (`POST /v1/accounts`). It starts `OPENING` with its assets `ONBOARDING`.
   * Sends `options.idempotencyKey`, or a random one, as `Idempotency-Key`: the client's own
   * retries then never open a second account. Pass your own key to make your retries safe too.
   *
   * @example
   * ```ts
   * const account = await client.accounts.create({ type: 'SAVING', assets: ['BRL', 'USDT'] }, { idempotencyKey: randomUUID() });
   * ```
   */
  create(input: CreateAccountInput, options: RequestOptions = {}): Promise<Account> {
    return this.core.request<Account>({
      ...options,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      method: 'POST',
      path: '/v1/accounts',
      body: input,
    });
  }

  /**
   * Reads one account (`GET /v1/accounts/{id}`). An id that is unknown, malformed or another
   * customer's is a `CofreApiError` with status 404 and code `RESOURCE_NOT_FOUND`.
   *
   * @example
   * ```ts
   * const account = await client.accounts.get('acc_01JD0000000000000000000000');
   * ```
   */
  get(accountId: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Account> {
    if (accountId === '') return Promise.reject(new TypeError('accountId must not be empty'));
    return this.core.request<Account>({
      ...options,
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(accountId)}`,
    });
  }

  /**
   * Changes an account's metadata (`PATCH /v1/accounts/{id}`): the pairs given are merged, a
   * key set to `""` is removed, `metadata: null` removes every key.
   *
   * @example
   * ```ts
   * const account = await client.accounts.update('acc_01JD0000000000000000000000', { metadata: { customerRef: 'C-1042' } });
   * ```
   */
  update(
    accountId: string,
    input: UpdateAccountInput,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Account> {
    if (accountId === '') return Promise.reject(new TypeError('accountId must not be empty'));
    return this.core.request<Account>({
      ...options,
      method: 'PATCH',
      path: `/v1/accounts/${encodeURIComponent(accountId)}`,
      body: input,
    });
  }

  /**
   * Reads one page of accounts (`GET /v1/accounts`), newest first unless `sortOrder` says
   * otherwise. Pass `meta.nextCursor` as `cursor`, with the same filters, for the next page.
   *
   * @example
   * ```ts
   * const first = await client.accounts.list({ type: 'CHECKING', limit: 50 });
   * const tagged = await client.accounts.list({ metadata: { customerRef: 'C-1042' } });
   * if (first.meta.nextCursor) {
   *   const second = await client.accounts.list({ type: 'CHECKING', limit: 50, cursor: first.meta.nextCursor });
   * }
   * ```
   */
  list(
    query: ListAccountsQuery = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Page<Account>> {
    const { limit, cursor, direction, sortOrder, type, status, metadata } = query;
    return this.core.request<Page<Account>>({
      ...options,
      method: 'GET',
      path: '/v1/accounts',
      query: { limit, cursor, direction, sortOrder, type, status, metadata },
    });
  }

  /**
   * Every account matching `filters`, across all pages, each exactly once, in list order.
   * Pages are fetched as the loop consumes them; leaving the loop early stops fetching.
   *
   * @example
   * ```ts
   * for await (const account of client.accounts.iterate({ status: 'ACTIVE', limit: 100 })) {
   *   console.log(account.id);
   * }
   * ```
   */
  iterate(
    filters: AccountFilters = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): AsyncGenerator<Account, void, undefined> {
    return paginate((cursor) => this.list({ ...filters, cursor }, options));
  }

  /**
   * Where the account receives each of its ACTIVE assets
   * (`GET /v1/accounts/{id}/fundingInstructions`): a PIX random key and copy-and-paste code for
   * BRL, a wallet address for crypto. Fixed per account and asset.
   *
   * @example
   * ```ts
   * const instructions = await client.accounts.fundingInstructions('acc_01JD0000000000000000000000');
   * const pix = instructions.find((i) => i.rail === 'PIX');
   * ```
   */
  async fundingInstructions(
    accountId: string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<FundingInstruction[]> {
    if (accountId === '') throw new TypeError('accountId must not be empty');
    const body = await this.core.request<{ data: FundingInstruction[] }>({
      ...options,
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(accountId)}/fundingInstructions`,
    });
    return body.data;
  }

  /**
   * An account's balances, one per asset (`GET /v1/accounts/{id}/balances`), as decimal strings.
   * Another customer's account is a 404 `RESOURCE_NOT_FOUND`.
   *
   * @example
   * ```ts
   * const balances = await client.accounts.balances('acc_01JD0000000000000000000000');
   * const brl = balances.find((b) => b.asset === 'BRL')?.available;
   * ```
   */
  async balances(
    accountId: string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Balance[]> {
    if (accountId === '') throw new TypeError('accountId must not be empty');
    const body = await this.core.request<{ data: Balance[] }>({
      ...options,
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(accountId)}/balances`,
    });
    return body.data;
  }

  /**
   * An account's balances as they stood at an instant (`GET /v1/accounts/{id}/balances?at=`),
   * computed from the ledger entries booked at or before it; zeros before the account existed.
   * `at` is a `Date` or an RFC 3339 string with a time zone, not in the future (else a 400
   * `INVALID_DATA`). The answer names the instant, in UTC to the millisecond.
   *
   * @example
   * ```ts
   * const { at, data } = await client.accounts.balancesAt('acc_01JD0000000000000000000000', '2026-11-01T00:00:00-03:00');
   * ```
   */
  balancesAt(
    accountId: string,
    at: Date | string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<BalancesAt> {
    if (accountId === '') return Promise.reject(new TypeError('accountId must not be empty'));
    return this.core.request<BalancesAt>({
      ...options,
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(accountId)}/balances`,
      query: { at: typeof at === 'string' ? at : at.toISOString() },
    });
  }

  /**
   * One page of an account's statement (`GET /v1/accounts/{id}/statement`), newest first unless
   * `sortOrder` says otherwise; `asset` narrows it to one asset. With `from` (exclusive) or `to`
   * (inclusive) it lists the entries booked in that period and `period` gives the balances at
   * its opening and closing. Pass `meta.nextCursor` as `cursor`, with the same `asset`, `from`
   * and `to`, for the next page.
   *
   * @example
   * ```ts
   * const page = await client.accounts.statement('acc_01JD0000000000000000000000', { asset: 'BRL', limit: 50 });
   * const november = await client.accounts.statement('acc_01JD0000000000000000000000', { from: '2026-11-01T00:00:00-03:00', to: '2026-12-01T00:00:00-03:00' });
   * console.log(november.period?.opening, november.period?.closing);
   * ```
   */
  statement(
    accountId: string,
    query: StatementQuery = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<StatementPage> {
    if (accountId === '') return Promise.reject(new TypeError('accountId must not be empty'));
    const { limit, cursor, direction, sortOrder, asset, from, to } = query;
    return this.core.request<StatementPage>({
      ...options,
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(accountId)}/statement`,
      query: { limit, cursor, direction, sortOrder, asset, from, to },
    });
  }

  /**
   * Every statement entry of an account matching `filters`, across all pages, each once, in
   * statement order. Pages are fetched as the loop consumes them.
   *
   * @example
   * ```ts
   * for await (const entry of client.accounts.iterateStatement('acc_01JD0000000000000000000000', { asset: 'BRL', sortOrder: 'ASCENDING' })) {
   *   console.log(entry.direction, entry.amount, entry.balanceAfter);
   * }
   * ```
   */
  iterateStatement(
    accountId: string,
    filters: StatementFilters = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): AsyncGenerator<StatementEntry, void, undefined> {
    return paginate((cursor) => this.statement(accountId, { ...filters, cursor }, options));
  }
}
