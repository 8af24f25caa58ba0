import { newId } from '../../../lib/ids.js';
import { formatAmount, requireAssetEnabled } from '../../../lib/money.js';
import { parseAssets } from '../../../modules/accounts/index.js';
import { quoteMismatch, quoteFees } from '../../../modules/quotes/index.js';
import { refuse } from '../../pipeline/refusals.js';
import { defineRequest } from '../../pipeline/request-kind.js';
import { findUsableQuote } from '../../pipeline/usable-quote.js';
import type { SwapDetails } from './swap.js';
import { SwapBody } from './swap.schema.js';

/**
 * Swaps (docs/api.md "Swaps"): an account converts one asset into another at a quote's terms.
 * Created REQUESTED with the quote consumed and the source amount held; the desk (the sandbox
 * simulator, or the back-office in production) then completes it — both legs and the fee in one
 * journal — or fails it, releasing the hold. Forward only: no reversal. A refusal leaves the
 * quote usable (e.g. after INSUFFICIENT_BALANCE and a deposit).
 */
export const swapRequest = defineRequest({
  path: '/v1/operations/swap',
  body: SwapBody,
  summary: 'Swap one asset for another at a quote',
  description:
    'Consumes the quote and holds its `sourceAmount`; answers the operation, REQUESTED. When it COMPLETES, the source amount (fee included) leaves and the `targetAmount` arrives in one ledger transaction; when it FAILS, the hold is released. Forward only. Refused with nothing moved and the quote still usable: 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED, QUOTE_MISMATCH; and QUOTE_EXPIRED, QUOTE_ALREADY_CONSUMED, QUOTE_ACCOUNT_MISMATCH; 404 for another customer\'s quote. Accepts `Idempotency-Key` (docs/api.md "Swaps").',
  accountId: ({ body }) => body.accountId,
  async draft({ deps, customerId, account, body, now }) {
    const quote = await findUsableQuote(deps.db, {
      customerId,
      accountId: account.id,
      quoteId: body.quoteId,
      now,
    });
    if (quote.source_asset === quote.target_asset) {
      throw quoteMismatch(
        `Quote ${quote.id} converts ${quote.source_asset} into itself; a swap needs two different assets.`,
      );
    }
    const assets = [quote.source_asset, quote.target_asset] as const;
    for (const asset of assets) {
      requireAssetEnabled(parseAssets(account), asset, account.id, '/quoteId');
    }
    const holdId = newId('hold', now);
    const description = body.description ?? null;
    const details: SwapDetails = {
      quoteId: quote.id,
      sourceAsset: quote.source_asset,
      targetAsset: quote.target_asset,
      sourceAmount: quote.source_amount,
      targetAmount: quote.target_amount,
      convertedAmount: quote.converted_amount,
      effectiveRate: quote.rate,
      fees: quoteFees(quote),
      holdId,
      description,
    };
    return {
      // The operation's asset and amount are the quote's source side; details keep its terms.
      asset: quote.source_asset,
      amount: quote.source_amount,
      details,
      activeAssets: assets,
      quoteId: quote.id,
      hold: {
        holdId,
        asset: quote.source_asset,
        amount: quote.source_amount,
        description: description ?? `Swap ${quote.source_asset} → ${quote.target_asset}`,
      },
      insufficient: () =>
        refuse(
          'INSUFFICIENT_BALANCE',
          `The available ${quote.source_asset} balance does not cover ${formatAmount(quote.source_amount, quote.source_asset)}; the quote was not used.`,
          '/quoteId',
        ),
    };
  },
});
