import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Page } from '../pagination/page.js';
import { paginate } from '../pagination/paginate.js';
import type {
  DepositInput,
  ListOperationsQuery,
  Operation,
  OperationFilters,
  TransferInput,
  PixRefundInput,
  WithdrawalInput,
} from '../types/operation.js';
import type { PixPaymentInput } from '../types/pix.js';
import type { OrderInput } from '../types/order.js';
import type { SwapInput } from '../types/quote.js';

/**
 * Deposits and withdrawals (later swaps, orders, PIX payments): one resource whose `status`
 * goes `REQUESTED` → `PROCESSING` → `COMPLETED` | `FAILED`. Reach it as `client.operations`.
 *
 * @example
 * ```ts
 * const deposit = await client.operations.deposit({ accountId, asset: 'BRL', amount: '100.00' });
 * ```
 */
export class OperationsResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Requests a deposit (`POST /v1/operations/deposit`): the answer carries where to pay
   * (`fundingInstruction`) and until when. Sends `options.idempotencyKey`, or a random one.
   *
   * @example
   * ```ts
   * const op = await client.operations.deposit({ accountId, asset: 'BRL', amount: '100.00' });
   * ```
   */
  deposit(input: DepositInput, options: RequestOptions = {}): Promise<Operation> {
    return this.create('/v1/operations/deposit', input, options);
  }

  /**
   * Requests a withdrawal to an APPROVED payment instruction (`POST /v1/operations/withdrawal`);
   * the amount is held at once. Refusals are `CofreApiError`s with codes such as
   * `INSUFFICIENT_BALANCE`. Sends `options.idempotencyKey`, or a random one.
   *
   * @example
   * ```ts
   * const op = await client.operations.withdraw(
   *   { accountId, asset: 'BRL', amount: '30.00', beneficiary: { id: ben.id, paymentInstructionId: pin.id } },
   *   { idempotencyKey: randomUUID() },
   * );
   * ```
   */
  withdraw(input: WithdrawalInput, options: RequestOptions = {}): Promise<Operation> {
    return this.create('/v1/operations/withdrawal', input, options);
  }

  /**
   * Reads one operation with its state history (`GET /v1/operations/{id}`).
   *
   * @example
   * ```ts
   * const op = await client.operations.get('op_01JD0000000000000000000000');
   * ```
   */
  async get(operationId: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Operation> {
    if (operationId === '') throw new TypeError('operationId must not be empty');
    return this.core.request<Operation>({
      ...options,
      method: 'GET',
      path: `/v1/operations/${encodeURIComponent(operationId)}`,
    });
  }

  /**
   * Reads one page of operations (`GET /v1/operations`), newest first by default, filtered by
   * `type`, `status` and `asset` (one or several), `accountId`, `externalReference` and creation
   * time (`createdAtFrom` inclusive, `createdAtTo` exclusive).
   *
   * @example
   * ```ts
   * const page = await client.operations.list({ type: ['DEPOSIT', 'WITHDRAWAL'], status: 'COMPLETED' });
   * const [mine] = (await client.operations.list({ externalReference: 'invoice-2026-118' })).data;
   * ```
   */
  list(
    query: ListOperationsQuery = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Page<Operation>> {
    const { limit, cursor, direction, sortOrder, type, status, asset } = query;
    const { accountId, externalReference, createdAtFrom, createdAtTo } = query;
    return this.core.request<Page<Operation>>({
      ...options,
      method: 'GET',
      path: '/v1/operations',
      query: {
        limit,
        cursor,
        direction,
        sortOrder,
        type,
        status,
        asset,
        accountId,
        externalReference,
        createdAtFrom,
        createdAtTo,
      },
    });
  }

  /**
   * Every operation matching `filters`, across all pages, each once, in list order.
   *
   * @example
   * ```ts
   * for await (const op of client.operations.iterate({ accountId })) console.log(op.id, op.status);
   * ```
   */
  iterate(
    filters: OperationFilters = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): AsyncGenerator<Operation, void, undefined> {
    return paginate((cursor) => this.list({ ...filters, cursor }, options));
  }

  private create(path: string, body: unknown, options: RequestOptions): Promise<Operation> {
    return this.core.request<Operation>({
      ...options,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      method: 'POST',
      path,
      body,
    });
  }

  // ---- swaps (issue 8) ----

  /**
   * Swaps one asset for another at a quote's terms (`POST /v1/operations/swap`): the quote is
   * consumed and its `sourceAmount` held at once; the swap then COMPLETES (both legs and the fee
   * in one ledger transaction) or FAILS (hold released). A refusal (`CofreApiError`, e.g.
   * `INSUFFICIENT_BALANCE`, `QUOTE_EXPIRED`, `QUOTE_ALREADY_CONSUMED`) moves nothing and leaves
   * the quote usable. Sends `options.idempotencyKey`, or a random one.
   *
   * @example
   * ```ts
   * const quote = await client.quotes.create({ accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1000.00' });
   * const swap = await client.operations.swap({ accountId, quoteId: quote.id });
   * if (swap.type === 'SWAP') console.log(swap.targetAmount, swap.effectiveRate.value);
   * ```
   */
  swap(input: SwapInput, options: RequestOptions = {}): Promise<Operation> {
    return this.create('/v1/operations/swap', input, options);
  }

  // ---- end of swaps ----

  // ---- orders (issue 8) ----

  /**
   * Places a buy or sell order (`POST /v1/operations/order`). A `MARKET` order comes back
   * `COMPLETED`, filled at `executedPrice`; a `LIMIT` order comes back `PROCESSING` with what it
   * may spend held, and fills at `limitPrice` once the price crosses it, or fails at `expiresAt`
   * (`ORDER_EXPIRED`). Refusals are `CofreApiError`s such as `INSUFFICIENT_BALANCE` or
   * `RATE_UNAVAILABLE`. Sends `options.idempotencyKey`, or a random one.
   *
   * @example
   * ```ts
   * const order = await client.operations.order(
   *   { accountId, side: 'BUY', baseAsset: 'USDT', quoteAsset: 'BRL', type: 'LIMIT', amount: '100.00', limitPrice: '5.40' },
   *   { idempotencyKey: randomUUID() },
   * );
   * ```
   */
  order(input: OrderInput, options: RequestOptions = {}): Promise<Operation> {
    return this.create('/v1/operations/order', input, options);
  }

  /**
   * Cancels an open LIMIT order (`POST /v1/operations/{id}/cancel`): it comes back `FAILED` with
   * reason `CANCELLED_BY_CUSTOMER` and its hold released. Anything else, including an order that
   * has just filled, is a `CofreApiError` with code `INVALID_STATE` (409).
   *
   * @example
   * ```ts
   * const cancelled = await client.operations.cancel(order.id);
   * ```
   */
  async cancel(
    operationId: string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Operation> {
    if (operationId === '') throw new TypeError('operationId must not be empty');
    return this.core.request<Operation>({
      ...options,
      method: 'POST',
      path: `/v1/operations/${encodeURIComponent(operationId)}/cancel`,
    });
  }

  // ---- end of orders ----

  // ---- PIX payments (issue 8) ----

  /**
   * Pays a PIX key or a PIX copy-and-paste code (`POST /v1/operations/pixPayment`): give
   * `pixKey` and `amount`, or `brCode` (its amount is used; `amount` only for a code without
   * one). The amount plus any fee is held at once; the operation goes `PROCESSING` with an
   * `endToEndId`, then `COMPLETED` or `FAILED` (hold released). Refusals are `CofreApiError`s:
   * `PIX_KEY_NOT_FOUND`, `INVALID_BR_CODE`, `BR_CODE_AMOUNT_MISMATCH`, `INSUFFICIENT_BALANCE`…
   * Sends `options.idempotencyKey`, or a random one.
   *
   * @example
   * ```ts
   * const recipient = await client.pix.lookupKey('maria@example.com'); // show it, then:
   * const op = await client.operations.pixPayment(
   *   { accountId, amount: '150.00', pixKey: { keyType: 'EMAIL', key: 'maria@example.com' } },
   *   { idempotencyKey: randomUUID() },
   * );
   * const fromCode = await client.operations.pixPayment({ accountId, brCode: pastedCode });
   * ```
   */
  pixPayment(input: PixPaymentInput, options: RequestOptions = {}): Promise<Operation> {
    return this.create('/v1/operations/pixPayment', input, options);
  }

  // ---- end of PIX payments ----

  // ---- transfers (issue 16) ----

  /**
   * Moves money between two accounts of the customer (`POST /v1/operations/transfer`): `asset`
   * and `amount` 1:1, or `quoteId` (a quote of the source account) to convert on the way. The
   * answer is `COMPLETED`: both accounts' balances and statements already show it. Refusals are
   * `CofreApiError`s (`SAME_ACCOUNT`, `INSUFFICIENT_BALANCE`, `ACCOUNT_NOT_ACTIVE`,
   * `BALANCE_LIMIT_EXCEEDED`, the quote's codes…) and move nothing. Sends
   * `options.idempotencyKey`, or a random one.
   *
   * @example
   * ```ts
   * const op = await client.operations.transfer(
   *   { accountId, destinationAccountId: savingsId, asset: 'BRL', amount: '250.00' },
   *   { idempotencyKey: randomUUID() },
   * );
   * if (op.type === 'TRANSFER') console.log(op.destinationAmount);
   * ```
   */
  transfer(input: TransferInput, options: RequestOptions = {}): Promise<Operation> {
    return this.create('/v1/operations/transfer', input, options);
  }

  // ---- end of transfers ----
  // ---- PIX refunds (issue 16) ----

  /**
   * Returns money of a COMPLETED PIX deposit to its payer (`POST /v1/operations/{id}/refunds`),
   * in full (no `amount`) or in part, within 90 days of the deposit. The answer is the refund, a
   * `PIX_REFUND` operation with its amount held; it goes `PROCESSING` (with its `endToEndId`),
   * then `COMPLETED`, or `FAILED` with the amount released and refundable again. Refusals are
   * `CofreApiError`s: `REFUND_AMOUNT_EXCEEDED`, `REFUND_WINDOW_EXPIRED`,
   * `OPERATION_NOT_REFUNDABLE`, `INSUFFICIENT_BALANCE`… Sends `options.idempotencyKey`, or a
   * random one.
   *
   * @example
   * ```ts
   * const refund = await client.operations.refund(deposit.id, { amount: '25.00', reason: 'Order cancelled' });
   * ```
   */
  refund(
    operationId: string,
    input: PixRefundInput,
    options: RequestOptions = {},
  ): Promise<Operation> {
    if (operationId === '') throw new TypeError('operationId must not be empty');
    return this.create(`/v1/operations/${encodeURIComponent(operationId)}/refunds`, input, options);
  }
}
