import type { components, paths } from '../generated/openapi-types.js';
import type { Page } from '../pagination/page.js';
import { everyMemberOf } from './every-member-of.js';

// The types below are aliases onto the ones generated from the server's OpenAPI document
// (src/generated/openapi-types.ts), so they cannot drift from what the server accepts and
// answers. The `as const` lists are runtime values, checked against those types at compile time.

/**
 * The kinds of account.
 *
 * @example
 * ```ts
 * const choices = ACCOUNT_TYPES.join(' | '); // 'CHECKING | SAVING'
 * ```
 */
export const ACCOUNT_TYPES = everyMemberOf<AccountType>()(['CHECKING', 'SAVING'] as const);

/**
 * `CHECKING` or `SAVING`.
 *
 * @example
 * ```ts
 * const type: AccountType = 'SAVING';
 * ```
 */
export type AccountType = Account['type'];

/**
 * The states of an account: it is `OPENING` until it is ready, then `ACTIVE`; it may later be
 * `FROZEN` or `CLOSED`.
 *
 * @example
 * ```ts
 * const usable = (s: AccountStatus) => s === ACCOUNT_STATUSES[1]; // 'ACTIVE'
 * ```
 */
export const ACCOUNT_STATUSES = everyMemberOf<AccountStatus>()([
  'OPENING',
  'ACTIVE',
  'FROZEN',
  'CLOSED',
] as const);

/**
 * `OPENING`, `ACTIVE`, `FROZEN` or `CLOSED`.
 *
 * @example
 * ```ts
 * const status: AccountStatus = 'ACTIVE';
 * ```
 */
export type AccountStatus = Account['status'];

/**
 * The assets an account can hold.
 *
 * @example
 * ```ts
 * const all = await client.accounts.create({ type: 'CHECKING', assets: [...ASSETS] });
 * ```
 */
export const ASSETS = everyMemberOf<Asset>()(['BRL', 'USDT', 'USDC', 'BTC'] as const);

/**
 * An asset code: `BRL`, `USDT`, `USDC` or `BTC`.
 *
 * @example
 * ```ts
 * const asset: Asset = 'USDT';
 * ```
 */
export type Asset = AccountAsset['asset'];

/**
 * The states of an asset of an account: `ONBOARDING` until it can be used, then `ACTIVE`, or
 * `FAILED` when onboarding did not succeed.
 *
 * @example
 * ```ts
 * const done = (s: AccountAssetStatus) => s !== ACCOUNT_ASSET_STATUSES[0];
 * ```
 */
export const ACCOUNT_ASSET_STATUSES = everyMemberOf<AccountAssetStatus>()([
  'ONBOARDING',
  'ACTIVE',
  'FAILED',
] as const);

/**
 * `ONBOARDING`, `ACTIVE` or `FAILED`.
 *
 * @example
 * ```ts
 * const status: AccountAssetStatus = 'ONBOARDING';
 * ```
 */
export type AccountAssetStatus = AccountAsset['status'];

/**
 * One asset of an account and where its onboarding stands.
 *
 * @example
 * ```ts
 * const brl: AccountAsset = { asset: 'BRL', status: 'ACTIVE' };
 * ```
 */
export type AccountAsset = Account['assets'][number];

/**
 * An account as the API returns it.
 *
 * @example
 * ```ts
 * const account: Account = await client.accounts.get('acc_01JD0000000000000000000000');
 * console.log(account.type, account.status, account.assets.map((a) => a.asset));
 * ```
 */
export type Account = components['schemas']['Account'];

/**
 * The body of `POST /v1/accounts`.
 *
 * @example
 * ```ts
 * const input: CreateAccountInput = { type: 'CHECKING', assets: ['BRL', 'USDT'] };
 * ```
 */
export type CreateAccountInput =
  paths['/v1/accounts']['post']['requestBody']['content']['application/json'];

/**
 * The body of `PATCH /v1/accounts/{id}`: the metadata to merge (a key set to `""` is removed;
 * `null` removes every key). docs/api.md "Metadata".
 *
 * @example
 * ```ts
 * const input: UpdateAccountInput = { metadata: { customerRef: 'C-1042', legacyId: '' } };
 * ```
 */
export type UpdateAccountInput =
  paths['/v1/accounts/{accountId}']['patch']['requestBody']['content']['application/json'];

/**
 * The query of `GET /v1/accounts`: pagination plus the account filters.
 *
 * @example
 * ```ts
 * const query: ListAccountsQuery = { type: 'CHECKING', limit: 25, cursor: previous.meta.nextCursor ?? undefined };
 * ```
 */
export type ListAccountsQuery = NonNullable<paths['/v1/accounts']['get']['parameters']['query']>;

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

/**
 * One asset's balance: `available` can be moved now, `pending` is held for operations in flight,
 * `total` is their sum. Decimal strings with all the asset's decimals.
 *
 * @example
 * ```ts
 * const brl: Balance = { asset: 'BRL', available: '1250.00', pending: '100.00', total: '1350.00' };
 * ```
 */
export type Balance = components['schemas']['Balance'];

/**
 * An account's balances as they stood at an instant (`GET /v1/accounts/{id}/balances?at=`): `at`
 * is that instant in UTC to the millisecond, `data` one balance per asset, computed from the
 * ledger entries booked at or before it.
 *
 * @example
 * ```ts
 * const past: BalancesAt = { at: '2026-11-01T03:00:00.000Z', data: [{ asset: 'BRL', available: '10.00', pending: '0.00', total: '10.00' }] };
 * ```
 */
export interface BalancesAt {
  at: string;
  data: Balance[];
}

/**
 * The period of a statement asked for with `from` or `to`: entries booked in (from, to], the
 * balances at `from` (`opening`) and at `to` (`closing`). Per asset, opening `available` plus the
 * period's entries equals closing `available`.
 *
 * @example
 * ```ts
 * const moved = (p: StatementPeriod, asset: Asset) => [p.opening, p.closing].map((b) => b.find((x) => x.asset === asset)?.available);
 * ```
 */
export type StatementPeriod = components['schemas']['StatementPeriod'];

/**
 * One page of a statement: the usual page, plus `period` when the query gave `from` or `to`.
 *
 * @example
 * ```ts
 * const page: StatementPage = await client.accounts.statement(accountId, { from: '2026-11-01T00:00:00-03:00' });
 * console.log(page.period?.closing);
 * ```
 */
export type StatementPage = Page<StatementEntry> & { period?: StatementPeriod };

/**
 * One line of an account's statement: a movement of its available balance, with the available
 * balance of that asset right after it (`balanceAfter`).
 *
 * @example
 * ```ts
 * const signed = (e: StatementEntry) => (e.direction === 'CREDIT' ? e.amount : `-${e.amount}`);
 * ```
 */
export type StatementEntry = components['schemas']['StatementEntry'];

/**
 * The query of `GET /v1/accounts/{id}/statement`: pagination plus an optional `asset`, and an
 * optional period: `from` (exclusive) and `to` (inclusive), RFC 3339 with a time zone.
 *
 * @example
 * ```ts
 * const query: StatementQuery = { asset: 'BRL', limit: 100, sortOrder: 'ASCENDING', from: '2026-11-01T00:00:00-03:00', to: '2026-12-01T00:00:00-03:00' };
 * ```
 */
export type StatementQuery = NonNullable<
  paths['/v1/accounts/{accountId}/statement']['get']['parameters']['query']
>;

/**
 * What `accounts.iterateStatement` takes: the statement's filter, sort order and page size,
 * without a cursor.
 *
 * @example
 * ```ts
 * const filters: StatementFilters = { asset: 'USDT', sortOrder: 'ASCENDING', limit: 100 };
 * ```
 */
export type StatementFilters = Omit<StatementQuery, 'cursor' | 'direction'>;
