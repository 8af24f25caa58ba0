import type { Posting } from '../../../ledger/index.js';
import { SYSTEM_ACCOUNTS } from '../../../ledger/index.js';
import type { Asset } from '../../../lib/money.js';
import type { FeeLine } from '../../../pricing/index.js';

/**
 * The journal legs operations share, besides the customer's own side (docs/architecture.md
 * "Ledger: movements"). Every one credits or debits an AVAILABLE bucket.
 */

const leg = (
  accountId: string,
  asset: Asset,
  direction: Posting['direction'],
  amount: bigint,
): Posting => ({ accountId, asset, bucket: 'AVAILABLE', direction, amount });

/** `amount` of `asset` into a customer's available balance. */
export const customerCredit = (accountId: string, asset: Asset, amount: bigint): Posting =>
  leg(accountId, asset, 'CREDIT', amount);

/** The money leaves through the rails: `amount` credited to `sys_clearing`. */
export const toClearing = (asset: Asset, amount: bigint): Posting =>
  leg(SYSTEM_ACCOUNTS.clearing, asset, 'CREDIT', amount);

/** Each fee line credited to `sys_fees`, in its own asset. */
export const feePostings = (fees: readonly FeeLine[]): Posting[] =>
  fees.map((fee) => leg(SYSTEM_ACCOUNTS.fees, fee.asset, 'CREDIT', fee.amount));

/** What the desk (`sys_exchange`) takes in and pays out in one conversion. */
export interface DeskTrade {
  sourceAsset: Asset;
  /** Minor units of the source asset the desk takes in. */
  convertedAmount: bigint;
  targetAsset: Asset;
  /** Minor units of the target asset the desk pays out. */
  targetAmount: bigint;
}

/**
 * The desk's two legs of a conversion (a swap, a quoted withdrawal or deposit, an order fill):
 * it takes in the source and pays out the target. With the fee postings and the customer's (or
 * the rail's) side they balance per asset.
 */
export const exchangePostings = (t: DeskTrade): Posting[] => [
  leg(SYSTEM_ACCOUNTS.exchange, t.sourceAsset, 'CREDIT', t.convertedAmount),
  leg(SYSTEM_ACCOUNTS.exchange, t.targetAsset, 'DEBIT', t.targetAmount),
];
