import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import type { Asset } from '../lib/money.js';
import { formatRate, parseRate } from '../lib/rate.js';
import type { ExchangeRateRow } from './exchange-rates.table.js';
import type { RateSource } from './rate-source.js';

/**
 * Production prices: what an operator last set for a pair through the back-office
 * (`PUT /admin/v1/rates/{base}/{quote}`). A pair never set has no rate (RATE_UNAVAILABLE).
 */
export const storedRates: RateSource = {
  async rate(db, base, quote) {
    const row = await db
      .selectFrom('exchange_rates')
      .selectAll()
      .where('base', '=', base)
      .where('quote', '=', quote)
      .executeTakeFirst();
    const rate = row ? parseRate(row.rate) : undefined;
    return row && rate ? { base, quote, rate, at: row.updated_at } : undefined;
  },
};

/** Sets (or replaces) a pair's production rate. */
export async function setStoredRate(
  trx: Trx,
  input: { base: Asset; quote: Asset; rate: bigint; at: number },
): Promise<void> {
  const values = { rate: formatRate(input.rate), updated_at: input.at };
  await trx
    .insertInto('exchange_rates')
    .values({ base: input.base, quote: input.quote, ...values })
    .onConflict((oc) => oc.columns(['base', 'quote']).doUpdateSet(values))
    .execute();
}

export function listStoredRates(db: Db | Trx): Promise<ExchangeRateRow[]> {
  return db.selectFrom('exchange_rates').selectAll().orderBy('base').orderBy('quote').execute();
}
