import { toIso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Asset } from '../../lib/money.js';
import type { QuoteRow } from './quotes.table.js';

const at = (
  pointer: string,
  code: 'QUOTE_EXPIRED' | 'QUOTE_ALREADY_CONSUMED' | 'QUOTE_ACCOUNT_MISMATCH' | 'QUOTE_MISMATCH',
  detail: string,
) => [{ pointer, in: 'body' as const, code, detail }];

export const rateUnavailable = (base: Asset, quote: Asset): AppError =>
  new AppError('RATE_UNAVAILABLE', {
    detail: `No current rate for ${base} → ${quote}.`,
  });

/** Why `claimQuote` found nothing to claim, as the API says it (docs/api.md "Quotes"). */
export function quoteRefusal(row: QuoteRow, accountId: string, now: number): AppError {
  if (row.account_id !== accountId) {
    const detail = `Quote ${row.id} was made for account ${row.account_id}, not ${accountId}.`;
    return new AppError('QUOTE_ACCOUNT_MISMATCH', {
      detail,
      errors: at('/quoteId', 'QUOTE_ACCOUNT_MISMATCH', detail),
    });
  }
  if (row.operation_id !== null) {
    const detail = `Quote ${row.id} was already used by operation ${row.operation_id}.`;
    return new AppError('QUOTE_ALREADY_CONSUMED', {
      detail,
      errors: at('/quoteId', 'QUOTE_ALREADY_CONSUMED', detail),
      extensions: { details: { quoteId: row.id, consumedByOperationId: row.operation_id } },
    });
  }
  if (row.expires_at <= now) {
    const detail = `Quote ${row.id} expired at ${toIso(row.expires_at)}; ask for a new one.`;
    return new AppError('QUOTE_EXPIRED', {
      detail,
      errors: at('/quoteId', 'QUOTE_EXPIRED', detail),
      extensions: { details: { quoteId: row.id, expiredAt: toIso(row.expires_at) } },
    });
  }
  // claimQuote refused a quote that looks usable: only a concurrent change explains it.
  throw new Error(`quote ${row.id} could not be claimed but looks usable`);
}

/** 422 QUOTE_MISMATCH: the quote is not for what the operation moves. */
export function quoteMismatch(detail: string, pointer = '/quoteId'): AppError {
  return new AppError('QUOTE_MISMATCH', { detail, errors: at(pointer, 'QUOTE_MISMATCH', detail) });
}
