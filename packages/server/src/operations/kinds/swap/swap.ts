import { moneyJson } from '../../../lib/money-json.js';
import { captureHoldInto, releaseHold, type SettlingHold } from '../../../ledger/index.js';
import type { Posting } from '../../../ledger/index.js';
import { formatAmount, type Asset } from '../../../lib/money.js';
import type { FeeLine } from '../../../pricing/index.js';
import { customerCredit, exchangePostings, feePostings } from '../shared/legs.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { SwapOperation } from './swap.schema.js';

/** What a swap keeps: its quote's terms, frozen when the quote was consumed, and its hold. */
export interface SwapDetails {
  quoteId: string;
  sourceAsset: Asset;
  targetAsset: Asset;
  /** Minor units of the source asset held and, on completion, paid (fees included). */
  sourceAmount: bigint;
  /** Minor units of the target asset credited on completion. */
  targetAmount: bigint;
  /** sourceAmount − fees: the part the desk converts. */
  convertedAmount: bigint;
  /** The quote's rate (target per source), decimal string. */
  effectiveRate: string;
  fees: FeeLine[];
  holdId: string;
  description: string | null;
}

/** Its details' JSON: every money key of SwapDetails, declared (the compiler asks for a new one). */
export const SWAP_DETAILS = moneyJson<SwapDetails>({
  amount: true,
  sourceAmount: true,
  targetAmount: true,
  convertedAmount: true,
});

export const parseSwap = (details: string): SwapDetails => SWAP_DETAILS.parse(details);

/**
 * Both legs and the fee of a completed swap, as the legs of one journal that also debits the
 * whole hold from the customer's pending source balance: each fee line to `sys_fees`, the
 * converted rest to the desk (`sys_exchange`), and the bought asset from the desk to the
 * customer's available balance.
 */
export const swapLegs = (d: SwapDetails, hold: SettlingHold): Posting[] => [
  ...feePostings(d.fees),
  ...exchangePostings(d),
  customerCredit(hold.accountId, d.targetAsset, d.targetAmount),
];

export const swapLifecycle: OperationLifecycle<'SWAP', typeof SwapOperation> = {
  type: 'SWAP',
  settlement: 'rail',
  schema: SwapOperation,
  details: SWAP_DETAILS,
  view(row) {
    const d = parseSwap(row.details);
    return {
      quoteId: d.quoteId,
      sourceAsset: d.sourceAsset,
      targetAsset: d.targetAsset,
      sourceAmount: formatAmount(d.sourceAmount, d.sourceAsset),
      targetAmount: formatAmount(d.targetAmount, d.targetAsset),
      effectiveRate: { value: d.effectiveRate, base: d.sourceAsset, quote: d.targetAsset },
      description: d.description,
    };
  },
  processing: () => undefined,
  // One journal: the hold captured into the fee, the desk's source leg and the target leg.
  async completed(tx, row, at) {
    const d = parseSwap(row.details);
    await captureHoldInto(tx.trx, {
      holdId: d.holdId,
      at,
      kind: 'EXCHANGE',
      description: `Swap ${d.sourceAsset} → ${d.targetAsset}`,
      legs: (hold) => swapLegs(d, hold),
    });
  },
  // The held source comes back to available; the quote stays consumed (forward only).
  async failed(tx, row, at) {
    await releaseHold(tx.trx, {
      holdId: parseSwap(row.details).holdId,
      at,
      description: 'Swap failed: hold released',
    });
  },
};
