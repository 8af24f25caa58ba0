import { ownAccount, recordRequested, requestedRow } from '../../pipeline/record-requested.js';
import type { Static } from '@sinclair/typebox';
import { transact } from '../../../db/transact.js';
import { placeHold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { formatAmount, requireAssetEnabled } from '../../../lib/money.js';
import { parseAssets } from '../../../modules/accounts/accounts.table.js';
import type { CompleteIdempotent } from '../../../modules/idempotency/idempotency.service.js';
import { consumeQuote } from '../../../modules/quotes/consume-quote.js';
import { quoteFees } from '../../../modules/quotes/quote-view.js';
import { quoteMismatch } from '../../../modules/quotes/quote-errors.js';
import type { QuoteRow } from '../../../modules/quotes/quotes.table.js';
import type { ExchangeDeps } from '../../operation-deps.js';
import type { SwapBody } from './swap.schema.js';
import type { SwapDetails } from './swap.js';
import { requireActive } from '../../pipeline/refusals.js';
import { insertOperation } from '../../operations.repository.js';
import type { Operation } from '../../operations.schemas.js';
import type { OperationRow } from '../../operations.table.js';

/**
 * Swaps (docs/api.md "Swaps"): an account converts one asset into another at a quote's terms.
 * Created REQUESTED with the quote consumed and the source amount held, in one transaction; the
 * desk (the sandbox simulator, or the back-office in production) then completes it — both legs
 * and the fee in one journal — or fails it, releasing the hold. Forward only: no reversal.
 */
export class SwapsService {
  constructor(private readonly deps: ExchangeDeps) {}

  async swap(
    customerId: string,
    input: Static<typeof SwapBody>,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Operation }> {
    const now = this.deps.clock.now();
    const id = newId('operation', now);
    const holdId = newId('hold', now);
    // Statement order as in a withdrawal (docs/architecture.md "Write first, read after"): the
    // quote's claim is the first statement, a write; the balance row every swap of this account
    // contends for is updated last, by the hold. Any refusal throws and rolls everything back,
    // the claim too: the quote is usable again (e.g. after INSUFFICIENT_BALANCE and a deposit).
    const owned = await ownAccount(this.deps.db, customerId, input.accountId);
    const body = await transact(this.deps.db, async (tx) => {
      const quote = await consumeQuote(tx.trx, {
        customerId,
        accountId: owned.id,
        quoteId: input.quoteId,
        operationId: id,
        now,
      });
      // Read again after the first write (under SQLite's write lock): a freeze or an asset
      // change committed since the read above refuses the swap.
      const account = await ownAccount(tx.trx, customerId, owned.id);
      if (quote.source_asset === quote.target_asset) {
        throw quoteMismatch(
          `Quote ${quote.id} converts ${quote.source_asset} into itself; a swap needs two different assets.`,
        );
      }
      const assets = [quote.source_asset, quote.target_asset];
      for (const asset of assets) {
        requireAssetEnabled(parseAssets(account), asset, account.id, '/quoteId');
      }
      for (const asset of assets) requireActive(account, asset);
      const row = swapRow(id, customerId, quote, holdId, input.description ?? null, now);
      await insertOperation(tx.trx, row);
      const view = await recordRequested(tx, this.deps, row, complete);
      const hold = await placeHold(tx.trx, {
        holdId,
        accountId: account.id,
        asset: quote.source_asset,
        amount: quote.source_amount,
        operationId: id,
        description: input.description ?? `Swap ${quote.source_asset} → ${quote.target_asset}`,
        at: now,
      });
      if (hold.kind === 'insufficient') {
        const detail = `The available ${quote.source_asset} balance does not cover ${formatAmount(quote.source_amount, quote.source_asset)}; the quote was not used.`;
        throw new AppError('INSUFFICIENT_BALANCE', {
          detail,
          errors: [{ pointer: '/quoteId', in: 'body', code: 'INSUFFICIENT_BALANCE', detail }],
        });
      }
      return view;
    });
    return { status: 201, body };
  }
}

/** The operation row: asset and amount are the quote's source side; details keep its terms. */
function swapRow(
  id: string,
  customerId: string,
  quote: QuoteRow,
  holdId: string,
  description: string | null,
  now: number,
): OperationRow {
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
  return requestedRow({
    id,
    customerId,
    accountId: quote.account_id,
    type: 'SWAP',
    asset: quote.source_asset,
    amount: quote.source_amount,
    details,
    now,
  });
}
