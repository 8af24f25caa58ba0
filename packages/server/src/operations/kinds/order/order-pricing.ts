import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import type { Asset } from '../../../lib/money.js';
import { RATE_SCALE } from '../../../lib/rate.js';
import type { OrderSide } from '../../../pricing/index.js';
import { rateOf, type RateSource } from '../../../pricing/index.js';

/**
 * An order's price (docs/api.md "Orders: prices"): how much quote asset one base is worth to the
 * customer, on the side they trade, in rate units (lib/rate.ts). Pure; table-tested
 * (test/unit/order-pricing.test.ts).
 *
 * - SELL: the customer's rate for selling base for quote, as the source gives it.
 * - BUY: what one base costs in quote. The source prices the customer selling quote for base
 *   (base per quote), so the price is its inverse, rounded UP to a rate unit: the customer never
 *   pays less than the desk's rate (the house's favour).
 */
export function orderPriceOf(
  side: OrderSide,
  rates: { baseToQuote: bigint } | { quoteToBase: bigint },
): bigint {
  if (side === 'SELL') {
    if (!('baseToQuote' in rates)) throw new Error('a SELL is priced from base → quote');
    return rates.baseToQuote;
  }
  if (!('quoteToBase' in rates)) throw new Error('a BUY is priced from quote → base');
  const square = RATE_SCALE * RATE_SCALE;
  return (square + rates.quoteToBase - 1n) / rates.quoteToBase;
}

/**
 * Whether the current price reaches a LIMIT order's `limitPrice`: a BUY fills when one base costs
 * at most the limit, a SELL when one base fetches at least the limit.
 */
export const priceCrosses = (side: OrderSide, current: bigint, limitPrice: bigint): boolean =>
  side === 'BUY' ? current <= limitPrice : current >= limitPrice;

/** The order price of a pair at `at` from `source`, or undefined when it has no rate. */
export async function currentOrderPrice(
  source: RateSource,
  db: Db | Trx,
  pair: { side: OrderSide; baseAsset: Asset; quoteAsset: Asset },
  at: number,
): Promise<bigint | undefined> {
  const { side, baseAsset, quoteAsset } = pair;
  if (side === 'SELL') {
    const rate = await rateOf(source, db, baseAsset, quoteAsset, at);
    return rate && orderPriceOf('SELL', { baseToQuote: rate.rate });
  }
  const rate = await rateOf(source, db, quoteAsset, baseAsset, at);
  return rate && orderPriceOf('BUY', { quoteToBase: rate.rate });
}
