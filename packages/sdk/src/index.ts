/**
 * The typed client for the cofre API: `CofreClient`, the types it speaks (generated from the
 * server's OpenAPI document) and the receiver kit (also on its own entry point,
 * `@cofre/sdk/webhooks`).
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
export { BeneficiariesResource } from './resources/beneficiaries.js';
export { OperationsResource } from './resources/operations.js';
export { PixResource } from './resources/pix.js';
export type { PixKeyRecipient, PixPaymentInput } from './types/pix.js';
export { QuotesResource } from './resources/quotes.js';
export { RatesResource } from './resources/rates.js';
export { SubscriptionsResource } from './resources/subscriptions.js';
export type { CreateQuoteInput, Quote, Rate, RatesQuery, SwapInput } from './types/quote.js';
export type {
  DepositInput,
  FundingInstruction,
  ListOperationsQuery,
  Operation,
  OperationFilters,
  TransferInput,
  PixRefundInput,
  WithdrawalInput,
} from './types/operation.js';
export type { OrderInput, OrderOperation } from './types/order.js';
export type {
  Beneficiary,
  BeneficiaryFilters,
  CreateBeneficiaryInput,
  ListBeneficiariesQuery,
  PaymentInstruction,
  PaymentInstructionInput,
  UpdateBeneficiaryInput,
} from './types/beneficiary.js';
export type { TokenResponse } from './auth/token-response.js';
export { DEFAULT_RETRY, parseRetryAfter, type RetryOptions } from './core/retry-policy.js';
export type { Sleep } from './core/request-core.js';
export * from './webhooks/index.js';
export {
  SIGNATURE_FORMATS,
  SIGNING_KEYS,
  SUBSCRIPTION_STATUSES,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type ListSubscriptionMessagesQuery,
  type ListSubscriptionsQuery,
  type RotatedSubscriptionSecret,
  type RotateSecretInput,
  type Subscription,
  type SubscriptionFilters,
  type SigningKey,
  type SubscriptionHealth,
  type SubscriptionKeys,
  type SubscriptionMessage,
  type SubscriptionMessageFilters,
  type SubscriptionSecret,
  type UpdateSubscriptionInput,
} from './types/subscription.js';
export { ExecutionLogsResource } from './resources/execution-logs.js';
export { EventsResource } from './resources/events.js';
export type {
  ExecutionLog,
  ExecutionLogFilters,
  ExecutionLogSummary,
  ListExecutionLogsQuery,
  RecoverInput,
  RecoverResult,
} from './types/execution-log.js';
export {
  EVENT_DELIVERY_STATUSES,
  type Event,
  type EventDelivery,
  type EventDeliveryStatus,
  type EventFilters,
  type ListEventsQuery,
} from './types/event.js';
export { CofreConnectionError } from './errors/cofre-connection-error.js';
export { SDK_VERSION } from './version.js';
export { USER_AGENT } from './core/http-transport.js';
export type { components, paths, webhooks } from './generated/openapi-types.js';
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
  type Balance,
  type BalancesAt,
  type StatementEntry,
  type StatementFilters,
  type StatementPage,
  type StatementPeriod,
  type StatementQuery,
  type Asset,
  type CreateAccountInput,
  type ListAccountsQuery,
  type UpdateAccountInput,
} from './types/account.js';
