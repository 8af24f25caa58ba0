import type { Trx } from '../../db/transact.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { quoteRefusal } from './quote-errors.js';
import { claimQuote, findQuote } from './quotes.repository.js';
import type { QuoteRow } from './quotes.table.js';

/**
 * Uses a quote for an operation, inside the operation's transaction: the quote is this
 * account's, unused and unexpired at `now`, or this throws (404 RESOURCE_NOT_FOUND for a quote
 * the customer does not have; 422 QUOTE_ACCOUNT_MISMATCH, QUOTE_ALREADY_CONSUMED, QUOTE_EXPIRED).
 * Written first, read only to explain a refusal. If the operation's transaction later rolls
 * back (e.g. INSUFFICIENT_BALANCE), the quote is unused again.
 */
export async function consumeQuote(
  trx: Trx,
  input: {
    customerId: string;
    accountId: string;
    quoteId: string;
    operationId: string;
    now: number;
  },
): Promise<QuoteRow> {
  const claimed = isId('quote', input.quoteId) ? await claimQuote(trx, input) : undefined;
  if (claimed) return claimed;
  const row = isId('quote', input.quoteId)
    ? await findQuote(trx, input.customerId, input.quoteId)
    : undefined;
  if (!row) throw notFound('Quote', input.quoteId);
  throw quoteRefusal(row, input.accountId, input.now);
}
