import type { Selectable } from 'kysely';
import type { Asset } from '../../lib/money.js';

/** A priced conversion, consumed by at most one operation (docs/api.md "Quotes"). */
export interface QuotesTable {
  id: string;
  customer_id: string;
  account_id: string;
  source_asset: Asset;
  target_asset: Asset;
  /** Minor units the customer pays, fees included. */
  source_amount: bigint;
  /** Minor units the customer receives. */
  target_amount: bigint;
  /** source_amount − fees: the part converted at `rate`. */
  converted_amount: bigint;
  /** Decimal string of the rate applied (lib/rate.ts): target per source. */
  rate: string;
  /** JSON of FeeLine[] (pricing/fees.ts). */
  fees: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  operation_id: string | null;
}
export type QuoteRow = Selectable<QuotesTable>;
