import type { components, paths } from '../generated/openapi-types.js';

// Aliases onto the types generated from the server's OpenAPI document, so they cannot drift.

/**
 * An operation as the API returns it: a deposit (with its `fundingInstruction`) or a withdrawal
 * (with its `beneficiary` snapshot and, for PIX, `endToEndId`), its `status` and `states`.
 * Deposits and withdrawals also show `quoteId` and `conversion` (null without a quote).
 *
 * @example
 * ```ts
 * const op: Operation = await client.operations.get('op_01JD0000000000000000000000');
 * if (op.type === 'DEPOSIT' && op.fundingInstruction.rail === 'PIX') console.log(op.fundingInstruction.brCode);
 * ```
 */
export type Operation = components['schemas']['Operation'];

/**
 * The body of `POST /v1/operations/deposit`. With the optional `quoteId` the deposit is paid in
 * the quote's source asset (`asset`/`amount` must be exactly its source) and credited in its
 * target asset; the quote is consumed at once and its rate holds until the deposit expires.
 *
 * @example
 * ```ts
 * const input: DepositInput = { accountId: 'acc_01JD0000000000000000000000', asset: 'BRL', amount: '1250.00' };
 * ```
 *
 * @example A BRL PIX deposit credited as USDT
 * ```ts
 * // A quote from POST /v1/quotes {sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1000.00'}
 * const input: DepositInput = {
 *   accountId: 'acc_01JD0000000000000000000000', asset: 'BRL', amount: '1000.00',
 *   quoteId: 'quo_01JD0000000000000000000000',
 * };
 * ```
 */
export type DepositInput =
  paths['/v1/operations/deposit']['post']['requestBody']['content']['application/json'];

/**
 * The body of `POST /v1/operations/withdrawal`. With the optional `quoteId` the beneficiary
 * receives the quote's target (`asset`/`amount` must be exactly its target) and the account pays
 * the quote's source amount, held in the source asset; the quote is consumed by the request.
 *
 * @example
 * ```ts
 * const input: WithdrawalInput = {
 *   accountId: 'acc_01JD0000000000000000000000', asset: 'BRL', amount: '100.00',
 *   beneficiary: { id: 'ben_01JD0000000000000000000000', paymentInstructionId: 'pin_01JD0000000000000000000000' },
 * };
 * ```
 *
 * @example Paying 500.00 BRL by PIX from a USDT balance
 * ```ts
 * // A quote from POST /v1/quotes {sourceAsset: 'USDT', targetAsset: 'BRL', targetAmount: '500.00'}
 * const input: WithdrawalInput = {
 *   accountId: 'acc_01JD0000000000000000000000', asset: 'BRL', amount: '500.00',
 *   beneficiary: { id: 'ben_01JD0000000000000000000000', paymentInstructionId: 'pin_01JD0000000000000000000000' },
 *   quoteId: 'quo_01JD0000000000000000000000',
 * };
 * ```
 */
export type WithdrawalInput =
  paths['/v1/operations/withdrawal']['post']['requestBody']['content']['application/json'];

/**
 * The body of `POST /v1/operations/transfer`: from `accountId` to `destinationAccountId` (another
 * account of the same customer), either `asset` and `amount` (1:1) or `quoteId` (a quote of the
 * source account: its source is debited, its target credited to the destination), not both.
 *
 * @example
 * ```ts
 * const input: TransferInput = {
 *   accountId: 'acc_01JD0000000000000000000000', destinationAccountId: 'acc_01JD0000000000000000000001',
 *   asset: 'BRL', amount: '250.00',
 * };
 * ```
 *
 * @example BRL from one account arriving as USDT on another
 * ```ts
 * // A quote of the source account: POST /v1/quotes {sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1000.00'}
 * const input: TransferInput = {
 *   accountId: 'acc_01JD0000000000000000000000', destinationAccountId: 'acc_01JD0000000000000000000001',
 *   quoteId: 'quo_01JD0000000000000000000000',
 * };
 * ```
 */
export type TransferInput =
  paths['/v1/operations/transfer']['post']['requestBody']['content']['application/json'];

type GeneratedListOperationsQuery = NonNullable<
  paths['/v1/operations']['get']['parameters']['query']
>;

/** One value of a list filter the API takes several of (a repeated query parameter). */
type OneOrMany<List> = List extends readonly (infer Item)[] ? Item | readonly Item[] : never;

/**
 * What `operations.iterate` takes, and `operations.list` without its cursor: `type`, `status`
 * and `asset` (one, or several as a list: any of them), `accountId`, `externalReference`
 * (exact), creation time (`createdAtFrom` inclusive, `createdAtTo` exclusive, ISO 8601), sort
 * order and page size. A cursor is bound to these: page with the same ones.
 *
 * @example
 * ```ts
 * const filters: OperationFilters = {
 *   accountId: 'acc_01JD0000000000000000000000',
 *   type: ['DEPOSIT', 'WITHDRAWAL'],
 *   createdAtFrom: '2026-11-01T00:00:00Z',
 *   createdAtTo: '2026-12-01T00:00:00Z',
 * };
 * ```
 */
export interface OperationFilters extends Omit<
  GeneratedListOperationsQuery,
  'cursor' | 'direction' | 'type' | 'status' | 'asset'
> {
  type?: OneOrMany<GeneratedListOperationsQuery['type']> | undefined;
  status?: OneOrMany<GeneratedListOperationsQuery['status']> | undefined;
  asset?: OneOrMany<GeneratedListOperationsQuery['asset']> | undefined;
}

/**
 * The query of `GET /v1/operations`: pagination plus the filters of {@link OperationFilters}.
 *
 * @example
 * ```ts
 * const query: ListOperationsQuery = { type: 'WITHDRAWAL', status: ['FAILED'], limit: 50 };
 * ```
 */
export interface ListOperationsQuery extends OperationFilters {
  cursor?: GeneratedListOperationsQuery['cursor'] | undefined;
  direction?: GeneratedListOperationsQuery['direction'] | undefined;
}

/**
 * One standing funding instruction of an account (`GET /v1/accounts/{id}/fundingInstructions`).
 *
 * @example
 * ```ts
 * const [brl] = await client.accounts.fundingInstructions('acc_01JD0000000000000000000000');
 * ```
 */
export type FundingInstruction =
  paths['/v1/accounts/{accountId}/fundingInstructions']['get']['responses']['200']['content']['application/json']['data'][number];

/**
 * The body of `POST /v1/operations/{id}/refunds`: `reason` (1 to 140 characters) and, for a
 * partial refund, `amount` (BRL); without it everything that remains refundable is returned.
 *
 * @example
 * ```ts
 * const input: PixRefundInput = { amount: '25.00', reason: 'Order 1187 cancelled by the buyer' };
 * ```
 */
export type PixRefundInput =
  paths['/v1/operations/{operationId}/refunds']['post']['requestBody']['content']['application/json'];
