import { moneyJson } from '../../lib/money-json.js';
import { toIso } from '../../lib/clock.js';
import { formatAmount } from '../../lib/money.js';
import type { FeeLine } from '../../pricing/index.js';
import { feeLineView } from '../../pricing/index.js';
import type { Quote } from './quotes.schemas.js';
import type { QuoteRow } from './quotes.table.js';

/** A quote's fee lines as stored: each line's amount is money. */
const FEES_JSON = moneyJson<FeeLine[]>({ amount: true });

export const quoteFees = (row: QuoteRow): FeeLine[] => FEES_JSON.parse(row.fees);

/** The quote as the API shows it. */
export function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    accountId: row.account_id,
    sourceAsset: row.source_asset,
    targetAsset: row.target_asset,
    sourceAmount: formatAmount(row.source_amount, row.source_asset),
    targetAmount: formatAmount(row.target_amount, row.target_asset),
    effectiveRate: { value: row.rate, base: row.source_asset, quote: row.target_asset },
    fees: quoteFees(row).map(feeLineView),
    expiresAt: toIso(row.expires_at),
    consumedAt: row.consumed_at === null ? null : toIso(row.consumed_at),
    operationId: row.operation_id,
    createdAt: toIso(row.created_at),
  };
}
