import type { PageQuery } from '../pagination/page.js';

/**
 * The kinds of account.
 *
 * @example
 * ```ts
 * const choices = ACCOUNT_TYPES.join(' | '); // 'CHECKING | SAVING'
 * ```
 */
export const ACCOUNT_TYPES = ['CHECKING', 'SAVING'] as const;

/**
 * `CHECKING` or `SAVING`.
 *
 * @example
 * ```ts
 * const type: AccountType = 'SAVING';
 * ```
 */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * The states of an account: it is `OPENING` until it is ready, then `ACTIVE`; it may later be
 * `FROZEN` or `CLOSED`.
 *
 * @example
 * ```ts
 * const usable = (s: AccountStatus) => s === ACCOUNT_STATUSES[1]; // 'ACTIVE'
 * ```
 */
export const ACCOUNT_STATUSES = ['OPENING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;

/**
 * `OPENING`, `ACTIVE`, `FROZEN` or `CLOSED`.
 *
 * @example
 * ```ts
 * const status: AccountStatus = 'ACTIVE';
 * ```
 */
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * The assets an account can hold.
 *
 * @example
 * ```ts
 * const all = await client.accounts.create({ type: 'CHECKING', assets: [...ASSETS] });
 * ```
 */
export const ASSETS = ['BRL', 'USDT', 'USDC', 'BTC'] as const;

/**
 * An asset code: `BRL`, `USDT`, `USDC` or `BTC`.
 *
 * @example
 * ```ts
 * const asset: Asset = 'USDT';
 * ```
 */
export type Asset = (typeof ASSETS)[number];

/**
 * The states of an asset of an account: `ONBOARDING` until it can be used, then `ACTIVE`, or
 * `FAILED` when onboarding did not succeed.
 *
 * @example
 * ```ts
 * const done = (s: AccountAssetStatus) => s !== ACCOUNT_ASSET_STATUSES[0];
 * ```
 */
export const ACCOUNT_ASSET_STATUSES = ['ONBOARDING', 'ACTIVE', 'FAILED'] as const;

/**
 * `ONBOARDING`, `ACTIVE` or `FAILED`.
 *
 * @example
 * ```ts
 * const status: AccountAssetStatus = 'ONBOARDING';
 * ```
 */
export type AccountAssetStatus = (typeof ACCOUNT_ASSET_STATUSES)[number];

/**
 * One asset of an account and where its onboarding stands.
 *
 * @example
 * ```ts
 * const brl: AccountAsset = { asset: 'BRL', status: 'ACTIVE' };
 * ```
 */
export interface AccountAsset {
  asset: Asset;
  status: AccountAssetStatus;
}

/**
 * An account as the API returns it.
 *
 * @example
 * ```ts
 * const account: Account = await client.accounts.get('acc_01JD0000000000000000000000');
 * console.log(account.type, account.status, account.assets.map((a) => a.asset));
 * ```
 */
export interface Account {
  /** `acc_…`, time-sortable. */
  id: string;
  type: AccountType;
  status: AccountStatus;
  /** In the order they were requested at creation. */
  assets: AccountAsset[];
  /** UTC ISO-8601 with milliseconds. */
  createdAt: string;
  /** UTC ISO-8601 with milliseconds. */
  updatedAt: string;
}

/**
 * The body of `POST /v1/accounts`.
 *
 * @example
 * ```ts
 * const input: CreateAccountInput = { type: 'CHECKING', assets: ['BRL', 'USDT'] };
 * ```
 */
export interface CreateAccountInput {
  type: AccountType;
  /** Distinct assets; the server defaults to `['BRL']`. */
  assets?: Asset[] | undefined;
}

/**
 * The query of `GET /v1/accounts`: pagination plus the account filters.
 *
 * @example
 * ```ts
 * const query: ListAccountsQuery = { type: 'CHECKING', limit: 25, cursor: previous.meta.nextCursor ?? undefined };
 * ```
 */
export interface ListAccountsQuery extends PageQuery {
  type?: AccountType | undefined;
  status?: AccountStatus | undefined;
}

/**
 * What `accounts.iterate` takes: the list's filters, sort order and page size, without a cursor
 * (the iterator follows the cursors itself).
 *
 * @example
 * ```ts
 * const filters: AccountFilters = { type: 'SAVING', status: 'ACTIVE', sortOrder: 'ASCENDING', limit: 100 };
 * ```
 */
export type AccountFilters = Omit<ListAccountsQuery, 'cursor' | 'direction'>;
