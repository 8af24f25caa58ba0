import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { quoteRefusal, findQuote } from '../../modules/quotes/index.js';
import type { QuoteRow } from '../../modules/quotes/index.js';

/**
 * The quote a cross-asset deposit or withdrawal names, read before its transaction so the
 * request's other rules can be checked against it (a quote's prices never change): 404 for a
 * quote the customer does not have, else the refusal consumeQuote would give now
 * (QUOTE_ACCOUNT_MISMATCH, QUOTE_ALREADY_CONSUMED, QUOTE_EXPIRED). Only consumeQuote, inside
 * the operation's transaction, decides a race for the quote.
 */
export async function findUsableQuote(
  db: Db,
  input: { customerId: string; accountId: string; quoteId: string; now: number },
): Promise<QuoteRow> {
  const row = isId('quote', input.quoteId)
    ? await findQuote(db, input.customerId, input.quoteId)
    : undefined;
  if (!row) throw notFound('Quote', input.quoteId);
  const usable =
    row.account_id === input.accountId && row.operation_id === null && row.expires_at > input.now;
  if (!usable) throw quoteRefusal(row, input.accountId, input.now);
  return row;
}
