import { parseAmount, requireAssetEnabled, type Asset } from '../../lib/money.js';
import { parseAssets, type AccountRow } from '../../modules/accounts/index.js';
import type { QuoteRow } from '../../modules/quotes/index.js';
import type { OperationDeps } from '../operation-deps.js';
import { findUsableQuote } from './usable-quote.js';

/**
 * The amount of a request that may name a quote (a deposit credited in another asset, a
 * withdrawal paid out in another), and the quote, checked usable now. Without a quote the
 * account must hold `asset` (422 ASSET_NOT_ENABLED); with one, which side of it the account
 * must hold is the kind's rule (`quotedAsset`: a deposit's target, a withdrawal's source), and
 * the kind checks the quote's terms against the request (QUOTE_MISMATCH).
 */
export async function optionallyQuoted(
  context: { deps: OperationDeps; customerId: string; account: AccountRow; now: number },
  body: { asset: Asset; amount: string; quoteId?: string | undefined },
  quotedAsset: (quote: QuoteRow) => Asset,
  checkTerms: (quote: QuoteRow, asset: Asset, amount: bigint) => void,
): Promise<{ amount: bigint; quote: QuoteRow | undefined }> {
  const { deps, customerId, account, now } = context;
  const held = parseAssets(account);
  if (body.quoteId === undefined) requireAssetEnabled(held, body.asset, account.id);
  const amount = parseAmount(body.amount, body.asset);
  if (body.quoteId === undefined) return { amount, quote: undefined };
  const quote = await findUsableQuote(deps.db, {
    customerId,
    accountId: account.id,
    quoteId: body.quoteId,
    now,
  });
  checkTerms(quote, body.asset, amount);
  requireAssetEnabled(held, quotedAsset(quote), account.id, '/quoteId');
  return { amount, quote };
}
