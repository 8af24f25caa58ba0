import { ASSET_DECIMALS, maxAmountMinor, type Asset } from '../lib/money.js';
import { RATE_SCALE } from '../lib/rate.js';
import { feeLines, feeTotal, type FeeLine, type FeeRule } from './fees.js';

/**
 * Conversion arithmetic (docs/api.md "Quotes: rounding"), pure and exact: amounts are minor
 * units, rates are bigint rate units (lib/rate.ts), every product is a bigint, and every
 * rounding favours the house by less than one minor unit — the amount the customer receives is
 * rounded down, the amount the customer pays is rounded up. What a quote or an order shows is
 * exactly what the ledger moves; the sub-unit difference stays with `sys_exchange`.
 *
 * Table- and property-tested (test/unit/pricing.*.test.ts).
 */

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * A bigint result as minor units: exact below 2^53; beyond it (above every per-request maximum,
 * which the callers then refuse as too large) Infinity, never a rounded number.
 */
const toMinor = (value: bigint): number =>
  value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(value);

/** `amount` of `from` in `to` at `rate` (to per from), rounded down. */
export function convertDown(amount: number, from: Asset, to: Asset, rate: bigint): number {
  const numerator = BigInt(amount) * rate * pow10(ASSET_DECIMALS[to]);
  return toMinor(numerator / (RATE_SCALE * pow10(ASSET_DECIMALS[from])));
}

/** The least amount of `from` that converts to at least `target` of `to` at `rate`. */
export function sourceForTarget(target: number, from: Asset, to: Asset, rate: bigint): number {
  const numerator = BigInt(target) * RATE_SCALE * pow10(ASSET_DECIMALS[from]);
  const denominator = rate * pow10(ASSET_DECIMALS[to]);
  return toMinor((numerator + denominator - 1n) / denominator);
}

export type Priced<T> = ({ kind: 'priced' } & T) | { kind: 'too-small' } | { kind: 'too-large' };

export interface QuotePrice {
  /** Minor units of the source asset the customer pays, fees included. */
  sourceAmount: number;
  /** Minor units of the target asset the customer receives. */
  targetAmount: number;
  /** The part of sourceAmount that is converted (sourceAmount − fees). */
  convertedAmount: number;
  fees: FeeLine[];
}

/**
 * Prices a conversion from exactly one of sourceAmount and targetAmount. Fees (CONVERSION rule)
 * are taken from the source amount first; the rest is converted at `rate`.
 * - from a source amount: target = ⌊(source − fees) × rate⌋;
 * - from a target amount: the least source whose converted part reaches the target.
 * The same asset on both sides converts 1:1 with no fee.
 */
export function priceQuote(input: {
  sourceAsset: Asset;
  targetAsset: Asset;
  rate: bigint;
  fee: FeeRule | undefined;
  sourceAmount?: number;
  targetAmount?: number;
}): Priced<QuotePrice> {
  const { sourceAsset, targetAsset, rate } = input;
  const same = sourceAsset === targetAsset;
  const fee = same ? undefined : input.fee;
  const feesOn = (source: number) => feeLines(fee, source, sourceAsset);
  let sourceAmount: number;
  let fees: FeeLine[];
  let convertedAmount: number;
  let targetAmount: number;
  if (input.sourceAmount !== undefined) {
    sourceAmount = input.sourceAmount;
    fees = feesOn(sourceAmount);
    convertedAmount = sourceAmount - feeTotal(fees);
    if (convertedAmount <= 0) return { kind: 'too-small' };
    targetAmount = same
      ? convertedAmount
      : convertDown(convertedAmount, sourceAsset, targetAsset, rate);
  } else if (input.targetAmount !== undefined) {
    targetAmount = input.targetAmount;
    const needed = same
      ? targetAmount
      : sourceForTarget(targetAmount, sourceAsset, targetAsset, rate);
    if (needed > maxAmountMinor(sourceAsset)) return { kind: 'too-large' };
    sourceAmount = leastGrossFor(needed, fee, sourceAsset);
    if (sourceAmount > maxAmountMinor(sourceAsset)) return { kind: 'too-large' };
    fees = feesOn(sourceAmount);
    convertedAmount = sourceAmount - feeTotal(fees);
  } else {
    throw new Error('priceQuote needs sourceAmount or targetAmount');
  }
  if (targetAmount <= 0) return { kind: 'too-small' };
  if (sourceAmount > maxAmountMinor(sourceAsset) || targetAmount > maxAmountMinor(targetAsset)) {
    return { kind: 'too-large' };
  }
  return { kind: 'priced', sourceAmount, targetAmount, convertedAmount, fees };
}

/**
 * The least gross amount g with g − fee(g) ≥ net, for fee(g) = ⌈g·p⌉ + fixed. Since
 * g − ⌈g·p⌉ = ⌊g·(1 − p)⌋, that is g = ⌈(net + fixed) / (1 − p)⌉, exactly, in bigints; the
 * loops below only confirm it against feeLines (the one definition of a fee).
 */
export function leastGrossFor(net: number, rule: FeeRule | undefined, asset: Asset): number {
  const fee = (gross: number) => feeTotal(feeLines(rule, gross, asset));
  const ppm = BigInt(rule?.percentagePpm ?? 0);
  const fixed = BigInt(rule?.fixed[asset] ?? 0);
  const million = 1_000_000n;
  const estimate = ((BigInt(net) + fixed) * million + (million - ppm) - 1n) / (million - ppm);
  // Beyond 2^53 a Number cannot step by 1 (the loops would never end): such a gross is above
  // every asset's maximum anyway, and the caller refuses it as too large.
  if (estimate > BigInt(Number.MAX_SAFE_INTEGER)) return Number.POSITIVE_INFINITY;
  let gross = Number(estimate);
  while (gross - fee(gross) < net) gross += 1;
  while (gross > net && gross - 1 - fee(gross - 1) >= net) gross -= 1;
  return gross;
}

export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export interface OrderPrice {
  /** The quote-asset value of the base amount at the price, rounded in the house's favour. */
  notional: number;
  fees: FeeLine[];
  /** What leaves the account: BUY notional + fees in the quote asset; SELL the base amount. */
  spend: { asset: Asset; amount: number };
  /** What arrives: BUY the base amount; SELL notional − fees in the quote asset. */
  receive: { asset: Asset; amount: number };
}

/**
 * An order of `amount` minor units of the base asset at `price` (quote per base). A BUY pays
 * ⌈amount × price⌉ plus the ORDER fee; a SELL receives ⌊amount × price⌋ less the fee.
 */
export function priceOrder(input: {
  side: OrderSide;
  baseAsset: Asset;
  quoteAsset: Asset;
  amount: number;
  price: bigint;
  fee: FeeRule | undefined;
}): Priced<OrderPrice> {
  const { side, baseAsset, quoteAsset, amount, price } = input;
  const exact = BigInt(amount) * price * pow10(ASSET_DECIMALS[quoteAsset]);
  const scale = RATE_SCALE * pow10(ASSET_DECIMALS[baseAsset]);
  const rounded = side === 'BUY' ? (exact + scale - 1n) / scale : exact / scale;
  // The notional is posted too (to sys_exchange), so it stays within the quote asset's
  // per-request maximum, like a quote's target — and far from 2^53, where a Number rounds.
  if (rounded > BigInt(maxAmountMinor(quoteAsset))) return { kind: 'too-large' };
  const notional = Number(rounded);
  if (notional <= 0) return { kind: 'too-small' };
  const fees = feeLines(input.fee, notional, quoteAsset);
  const base = { asset: baseAsset, amount };
  const quote = (value: number) => ({ asset: quoteAsset, amount: value });
  const result: OrderPrice =
    side === 'BUY'
      ? { notional, fees, spend: quote(notional + feeTotal(fees)), receive: base }
      : { notional, fees, spend: base, receive: quote(notional - feeTotal(fees)) };
  if (result.receive.amount <= 0) return { kind: 'too-small' };
  if (result.spend.amount > maxAmountMinor(result.spend.asset)) return { kind: 'too-large' };
  return { kind: 'priced', ...result };
}
