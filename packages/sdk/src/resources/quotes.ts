import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { CreateQuoteInput, Quote } from '../types/quote.js';

/**
 * Quotes (docs/api.md "Quotes"): a conversion priced for 30 s, then used once by a swap.
 * Reach it as `client.quotes`.
 *
 * @example
 * ```ts
 * const quote = await client.quotes.create({ accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1000.00' });
 * const swap = await client.operations.swap({ accountId, quoteId: quote.id });
 * ```
 */
export class QuotesResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Prices a conversion (`POST /v1/quotes`) from exactly one of `sourceAmount` (what the account
   * pays, fees included) and `targetAmount` (what it receives). Refusals are `CofreApiError`s,
   * e.g. `MUTUALLY_EXCLUSIVE_AMOUNTS`, `RATE_UNAVAILABLE`. Sends `options.idempotencyKey`, or a
   * random one.
   *
   * @example
   * ```ts
   * const quote = await client.quotes.create({ accountId, sourceAsset: 'USDT', targetAsset: 'BRL', targetAmount: '500.00' });
   * console.log(quote.sourceAmount, quote.effectiveRate.value, quote.expiresAt);
   * ```
   */
  create(input: CreateQuoteInput, options: RequestOptions = {}): Promise<Quote> {
    return this.core.request<Quote>({
      ...options,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      method: 'POST',
      path: '/v1/quotes',
      body: input,
    });
  }

  /**
   * Reads a quote (`GET /v1/quotes/{id}`): whether and by which operation it was used.
   *
   * @example
   * ```ts
   * const { consumedAt, operationId } = await client.quotes.get('quo_01JD0000000000000000000000');
   * ```
   */
  async get(quoteId: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Quote> {
    if (quoteId === '') throw new TypeError('quoteId must not be empty');
    return this.core.request<Quote>({
      ...options,
      method: 'GET',
      path: `/v1/quotes/${encodeURIComponent(quoteId)}`,
    });
  }
}
