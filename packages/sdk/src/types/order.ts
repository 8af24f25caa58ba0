import type { components, paths } from '../generated/openapi-types.js';

// Aliases onto the types generated from the server's OpenAPI document, so they cannot drift.

/**
 * The body of `POST /v1/operations/order`: buy or sell `amount` of the base asset for the quote
 * asset, at once (`MARKET`) or at `limitPrice` or better (`LIMIT`, open until `expiresAt`).
 *
 * @example
 * ```ts
 * const input: OrderInput = {
 *   accountId: 'acc_01JD0000000000000000000000', side: 'BUY', baseAsset: 'USDT', quoteAsset: 'BRL',
 *   type: 'LIMIT', amount: '100.00', limitPrice: '5.40',
 * };
 * ```
 */
export type OrderInput =
  paths['/v1/operations/order']['post']['requestBody']['content']['application/json'];

/**
 * An ORDER operation: the common operation fields plus `side`, `orderType`, `baseAsset`,
 * `quoteAsset`, `limitPrice`, `expiresAt`, `executedPrice` and `notional`.
 *
 * @example
 * ```ts
 * const op = await client.operations.get(id);
 * if (op.type === 'ORDER' && op.status === 'COMPLETED') console.log(op.executedPrice, op.notional);
 * ```
 */
export type OrderOperation = Extract<components['schemas']['Operation'], { type: 'ORDER' }>;
