import type { components, paths } from '../generated/openapi-types.js';

// Aliases onto the types generated from the server's OpenAPI document, so they cannot drift.

/**
 * A priced conversion (`POST /v1/quotes`): exactly what the ledger will move, usable once by a
 * swap (or a quoted withdrawal or deposit) until `expiresAt`.
 *
 * @example
 * ```ts
 * const quote: Quote = await client.quotes.get('quo_01JD0000000000000000000000');
 * console.log(quote.sourceAmount, '→', quote.targetAmount, quote.fees);
 * ```
 */
export type Quote = components['schemas']['Quote'];

/**
 * The body of `POST /v1/quotes`: exactly one of `sourceAmount` and `targetAmount`.
 *
 * @example
 * ```ts
 * const input: CreateQuoteInput = {
 *   accountId: 'acc_01JD0000000000000000000000', sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1000.00',
 * };
 * ```
 */
export type CreateQuoteInput =
  paths['/v1/quotes']['post']['requestBody']['content']['application/json'];

/**
 * One indicative rate of `GET /v1/rates`: `quote` per 1 `base`, spread included.
 *
 * @example
 * ```ts
 * const [rate]: Rate[] = await client.rates.list({ base: 'BRL', quote: 'USDT' });
 * ```
 */
export type Rate =
  paths['/v1/rates']['get']['responses']['200']['content']['application/json']['data'][number];

/**
 * The filters of `GET /v1/rates`.
 *
 * @example
 * ```ts
 * const query: RatesQuery = { base: 'USDT' };
 * ```
 */
export type RatesQuery = NonNullable<paths['/v1/rates']['get']['parameters']['query']>;

/**
 * The body of `POST /v1/operations/swap`.
 *
 * @example
 * ```ts
 * const input: SwapInput = { accountId: 'acc_01JD0000000000000000000000', quoteId: 'quo_01JD0000000000000000000000' };
 * ```
 */
export type SwapInput =
  paths['/v1/operations/swap']['post']['requestBody']['content']['application/json'];
