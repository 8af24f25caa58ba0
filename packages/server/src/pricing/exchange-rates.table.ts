import type { Selectable } from 'kysely';
import type { Asset } from '../lib/money.js';

/** Production prices set through the back-office (stored-rates.ts): one row per directed pair. */
export interface ExchangeRatesTable {
  base: Asset;
  quote: Asset;
  /** Decimal string (lib/rate.ts), exact. */
  rate: string;
  updated_at: number;
}
export type ExchangeRateRow = Selectable<ExchangeRatesTable>;
