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
  WithdrawalInput,
} from '../types/operation.js';
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
   * Reads one page of operations (`GET /v1/operations`), newest first by default.
   *
   * @example
   * ```ts
   * const page = await client.operations.list({ type: 'DEPOSIT', status: 'COMPLETED' });
   * ```
   */
  list(
    query: ListOperationsQuery = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Page<Operation>> {
    const { limit, cursor, direction, sortOrder, type, status, accountId } = query;
    return this.core.request<Page<Operation>>({
      ...options,
      method: 'GET',
      path: '/v1/operations',
      query: { limit, cursor, direction, sortOrder, type, status, accountId },
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

  // ---- end of orders ----

  // ---- PIX payments (issue 8) ----

  // ---- end of PIX payments ----
}
