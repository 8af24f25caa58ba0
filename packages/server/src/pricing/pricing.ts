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

/** `amount` of `from` in `to` at `rate` (to per from), rounded down. */
export function convertDown(amount: bigint, from: Asset, to: Asset, rate: bigint): bigint {
  const numerator = amount * rate * pow10(ASSET_DECIMALS[to]);
  return numerator / (RATE_SCALE * pow10(ASSET_DECIMALS[from]));
}

/** The least amount of `from` that converts to at least `target` of `to` at `rate`. */
export function sourceForTarget(target: bigint, from: Asset, to: Asset, rate: bigint): bigint {
  const numerator = target * RATE_SCALE * pow10(ASSET_DECIMALS[from]);
  const denominator = rate * pow10(ASSET_DECIMALS[to]);
  return (numerator + denominator - 1n) / denominator;
}

export type Priced<T> = ({ kind: 'priced' } & T) | { kind: 'too-small' } | { kind: 'too-large' };

export interface QuotePrice {
  /** Minor units of the source asset the customer pays, fees included. */
  sourceAmount: bigint;
  /** Minor units of the target asset the customer receives. */
  targetAmount: bigint;
  /** The part of sourceAmount that is converted (sourceAmount − fees). */
  convertedAmount: bigint;
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
  sourceAmount?: bigint;
  targetAmount?: bigint;
}): Priced<QuotePrice> {
  const { sourceAsset, targetAsset, rate } = input;
  const same = sourceAsset === targetAsset;
  const fee = same ? undefined : input.fee;
  const feesOn = (source: bigint) => feeLines(fee, source, sourceAsset);
  let sourceAmount: bigint;
  let fees: FeeLine[];
  let convertedAmount: bigint;
  let targetAmount: bigint;
  if (input.sourceAmount !== undefined) {
    sourceAmount = input.sourceAmount;
    fees = feesOn(sourceAmount);
    convertedAmount = sourceAmount - feeTotal(fees);
    if (convertedAmount <= 0n) return { kind: 'too-small' };
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
  if (targetAmount <= 0n) return { kind: 'too-small' };
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
export function leastGrossFor(net: bigint, rule: FeeRule | undefined, asset: Asset): bigint {
  const fee = (gross: bigint) => feeTotal(feeLines(rule, gross, asset));
  const ppm = BigInt(rule?.percentagePpm ?? 0);
  const fixed = rule?.fixed[asset] ?? 0n;
  const million = 1_000_000n;
  let gross = ((net + fixed) * million + (million - ppm) - 1n) / (million - ppm);
  while (gross - fee(gross) < net) gross += 1n;
  while (gross > net && gross - 1n - fee(gross - 1n) >= net) gross -= 1n;
  return gross;
}

export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export interface OrderPrice {
  /** The quote-asset value of the base amount at the price, rounded in the house's favour. */
  notional: bigint;
  fees: FeeLine[];
  /** What leaves the account: BUY notional + fees in the quote asset; SELL the base amount. */
  spend: { asset: Asset; amount: bigint };
  /** What arrives: BUY the base amount; SELL notional − fees in the quote asset. */
  receive: { asset: Asset; amount: bigint };
}

/**
 * An order of `amount` minor units of the base asset at `price` (quote per base). A BUY pays
 * ⌈amount × price⌉ plus the ORDER fee; a SELL receives ⌊amount × price⌋ less the fee.
 */
export function priceOrder(input: {
  side: OrderSide;
  baseAsset: Asset;
  quoteAsset: Asset;
  amount: bigint;
  price: bigint;
  fee: FeeRule | undefined;
}): Priced<OrderPrice> {
  const { side, baseAsset, quoteAsset, amount, price } = input;
  const exact = amount * price * pow10(ASSET_DECIMALS[quoteAsset]);
  const scale = RATE_SCALE * pow10(ASSET_DECIMALS[baseAsset]);
  const rounded = side === 'BUY' ? (exact + scale - 1n) / scale : exact / scale;
  // The notional is posted too (to sys_exchange), so it stays within the quote asset's
  // per-request maximum, like a quote's target.
  if (rounded > maxAmountMinor(quoteAsset)) return { kind: 'too-large' };
  const notional = rounded;
  if (notional <= 0n) return { kind: 'too-small' };
  const fees = feeLines(input.fee, notional, quoteAsset);
  const base = { asset: baseAsset, amount };
  const quote = (value: bigint) => ({ asset: quoteAsset, amount: value });
  const result: OrderPrice =
    side === 'BUY'
      ? { notional, fees, spend: quote(notional + feeTotal(fees)), receive: base }
      : { notional, fees, spend: base, receive: quote(notional - feeTotal(fees)) };
  if (result.receive.amount <= 0n) return { kind: 'too-small' };
  if (result.spend.amount > maxAmountMinor(result.spend.asset)) return { kind: 'too-large' };
  return { kind: 'priced', ...result };
}
