import type { Posting } from '../../../ledger/index.js';
import type { Asset } from '../../../lib/money.js';
import type { FeeLine, OrderSide } from '../../../pricing/index.js';
import { feeTotal } from '../../../pricing/index.js';
import { customerCredit, exchangePostings, feePostings } from '../shared/legs.js';

/** What a fill moves, as priceOrder computed it (minor units). */
export interface OrderFill {
  accountId: string;
  side: OrderSide;
  baseAsset: Asset;
  quoteAsset: Asset;
  /** Base asset bought or sold. */
  amount: bigint;
  /** Quote-asset value of `amount` at the fill price. */
  notional: bigint;
  fees: readonly FeeLine[];
}

const posting = (
  accountId: string,
  asset: Asset,
  direction: Posting['direction'],
  amount: bigint,
): Posting => ({ accountId, asset, bucket: 'AVAILABLE', direction, amount });

/**
 * The legs of a fill besides the customer's spend (docs/api.md "Orders: the ledger"):
 * `sys_exchange`, the desk, takes the asset the customer sells and pays out the one they buy;
 * every fee line goes to `sys_fees` in the quote asset.
 * - BUY: quote: sys_fees +fee, sys_exchange +notional; base: sys_exchange −amount, customer +amount.
 * - SELL: base: sys_exchange +amount; quote: sys_exchange −notional, sys_fees +fee,
 *   customer +(notional − fee).
 * With the customer's spend (BUY notional + fee in quote, SELL amount in base) each asset balances.
 */
export function fillLegs(fill: OrderFill): Posting[] {
  const { accountId, baseAsset, quoteAsset, amount, notional } = fill;
  return fill.side === 'BUY'
    ? [
        ...feePostings(fill.fees),
        ...exchangePostings({
          sourceAsset: quoteAsset,
          convertedAmount: notional,
          targetAsset: baseAsset,
          targetAmount: amount,
        }),
        customerCredit(accountId, baseAsset, amount),
      ]
    : [
        ...exchangePostings({
          sourceAsset: baseAsset,
          convertedAmount: amount,
          targetAsset: quoteAsset,
          targetAmount: notional,
        }),
        ...feePostings(fill.fees),
        customerCredit(accountId, quoteAsset, notional - feeTotal(fill.fees)),
      ];
}

/** What leaves the customer's account on a fill: BUY notional + fees in quote, SELL the base. */
export const fillSpend = (fill: OrderFill): { asset: Asset; amount: bigint } =>
  fill.side === 'BUY'
    ? { asset: fill.quoteAsset, amount: fill.notional + feeTotal(fill.fees) }
    : { asset: fill.baseAsset, amount: fill.amount };

/** A MARKET fill: the spend straight from the customer's available, then the other legs. */
export const marketPostings = (fill: OrderFill): Posting[] => {
  const spend = fillSpend(fill);
  return [posting(fill.accountId, spend.asset, 'DEBIT', spend.amount), ...fillLegs(fill)];
};

/**
 * A LIMIT fill out of its hold (captureHoldInto debits the hold's whole amount from pending):
 * the other legs, and whatever of the hold the fill did not spend back to available.
 */
export const limitPostings = (fill: OrderFill, held: bigint): Posting[] => {
  const spend = fillSpend(fill);
  if (held < spend.amount) throw new RangeError(`hold ${held} does not cover ${spend.amount}`);
  return [...fillLegs(fill), posting(fill.accountId, spend.asset, 'CREDIT', held - spend.amount)];
};
