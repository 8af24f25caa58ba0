/**
 * The public surface of pricing/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export type { ExchangeRateRow, ExchangeRatesTable } from './exchange-rates.table.js';
export { feeLineView, FeesSchema } from './fees.schema.js';
export { feeLines, feeTotal } from './fees.js';
export type { FeeLine, FeeSchedule } from './fees.js';
export { ORDER_SIDES, priceOrder, priceQuote } from './pricing.js';
export type { OrderPrice, OrderSide, Priced } from './pricing.js';
export { ASSET_PAIRS, rateOf } from './rate-source.js';
export type { RateSource } from './rate-source.js';
export { sandboxRates } from './sandbox-rates.js';
export { listStoredRates, setStoredRate, storedRates } from './stored-rates.js';
