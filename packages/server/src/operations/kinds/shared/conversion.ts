import { formatAmount, type Asset } from '../../../lib/money.js';
import type { FeeLine } from '../../../pricing/index.js';
import { quoteFees } from '../../../modules/quotes/index.js';
import type { QuoteRow } from '../../../modules/quotes/index.js';

/**
 * The quote a cross-asset withdrawal or deposit consumed, as its details keep it (docs/api.md
 * "Cross-asset withdrawals and deposits"): the amounts are exactly what the ledger moves when
 * the operation completes, whatever the rate is by then.
 */
export interface ConversionDetails {
  quoteId: string;
  sourceAsset: Asset;
  /** Minor units paid in the source asset, conversion fees included. */
  sourceAmount: bigint;
  targetAsset: Asset;
  /** Minor units received in the target asset. */
  targetAmount: bigint;
  /** sourceAmount − conversion fees: the part the desk (sys_exchange) takes in. */
  convertedAmount: bigint;
  /** The quote's rate (lib/rate.ts decimal string): target per source. */
  rate: string;
  /** The quote's fee lines, in the source asset. */
  fees: FeeLine[];
}

export function conversionOf(quote: QuoteRow): ConversionDetails {
  return {
    quoteId: quote.id,
    sourceAsset: quote.source_asset,
    sourceAmount: quote.source_amount,
    targetAsset: quote.target_asset,
    targetAmount: quote.target_amount,
    convertedAmount: quote.converted_amount,
    rate: quote.rate,
    fees: quoteFees(quote),
  };
}

/** `quoteId` and `conversion` as every deposit and withdrawal view shows them (null without). */
export function conversionView(conversion: ConversionDetails | undefined) {
  if (!conversion) return { quoteId: null, conversion: null };
  const c = conversion;
  return {
    quoteId: c.quoteId,
    conversion: {
      sourceAsset: c.sourceAsset,
      sourceAmount: formatAmount(c.sourceAmount, c.sourceAsset),
      targetAsset: c.targetAsset,
      targetAmount: formatAmount(c.targetAmount, c.targetAsset),
      effectiveRate: { value: c.rate, base: c.sourceAsset, quote: c.targetAsset },
    },
  };
}
