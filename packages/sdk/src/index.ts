/**
 * The typed client for the cofre API: `CofreClient` and the types it speaks.
 *
 * @example
 * ```ts
 * import { CofreApiError, CofreClient } from '@cofre/sdk';
 * ```
 *
 * @packageDocumentation
 */
export { CofreClient, type CofreClientOptions } from './cofre-client.js';
export { systemClock, type Clock } from './clock.js';
export type { ApiRequest, HttpMethod, RequestOptions } from './core/api-request.js';
export type { FetchFn } from './core/fetch-fn.js';
export { buildQueryString, type QueryValue } from './core/query-string.js';
export { CofreApiError, type CofreApiErrorInit } from './errors/cofre-api-error.js';
export {
  COFRE_ERROR_CODES,
  UNEXPECTED_RESPONSE,
  type CofreErrorCode,
} from './errors/error-codes.js';
export { isProblemDocument, type FieldError, type ProblemDocument } from './errors/problem.js';
export {
  DIRECTIONS,
  SORT_ORDERS,
  type Direction,
  type Page,
  type PageMeta,
  type PageQuery,
  type SortOrder,
} from './pagination/page.js';
export { paginate } from './pagination/paginate.js';
export { AccountsResource } from './resources/accounts.js';
export type { TokenResponse } from './auth/token-response.js';
export {
  ACCOUNT_ASSET_STATUSES,
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  ASSETS,
  type Account,
  type AccountAsset,
  type AccountAssetStatus,
  type AccountFilters,
  type AccountStatus,
  type AccountType,
  type Asset,
  type CreateAccountInput,
  type ListAccountsQuery,
} from './types/account.js';
