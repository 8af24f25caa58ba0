import type { Db } from '../../../db/database.js';
import { toIso, type Clock } from '../../../lib/clock.js';
import { AppError, invalidData } from '../../../lib/errors.js';
import type { Asset } from '../../../lib/money.js';
import { formatRate, parseRate } from '../../../lib/rate.js';
import {
  listStoredRates,
  setStoredRate,
  storedRates,
  type ExchangeRateRow,
} from '../../../pricing/index.js';
import { audited, type ActionContext } from '../audited.js';
import type { StoredRate } from './rates.schemas.js';

const view = (
  row: Pick<ExchangeRateRow, 'base' | 'quote' | 'rate' | 'updated_at'>,
): StoredRate => ({
  base: row.base,
  quote: row.quote,
  rate: row.rate,
  updatedAt: toIso(row.updated_at),
});

export interface RatesAdminDeps {
  db: Db;
  clock: Clock;
  /** False in the sandbox, whose prices follow fixed curves (environment-parts.ts). */
  ratesAreSettable: boolean;
}

/**
 * Production prices set by an operator (docs/admin.md "Rates"): one rate per directed pair,
 * used by every quote of that pair from the moment it is set. The sandbox's prices are fixed
 * curves (pricing/sandbox-rates.ts), so there setting one is refused (409 INVALID_STATE).
 */
export class RatesAdmin {
  constructor(private readonly deps: RatesAdminDeps) {}

  async list(): Promise<{ data: StoredRate[] }> {
    return { data: (await listStoredRates(this.deps.db)).map(view) };
  }

  /** Sets the rate of `base` → `quote` (that direction only), audited. */
  set(ctx: ActionContext, base: Asset, quote: Asset, rateText: string): Promise<StoredRate> {
    const rate = this.settableRate(base, quote, rateText);
    const audit = { action: 'EXCHANGE_RATE_SET', subjectType: 'EXCHANGE_RATE' } as const;
    return audited(this.deps, ctx, audit, async (tx, at) => {
      const before = await storedRates.rate(tx.trx, base, quote, at);
      await setStoredRate(tx.trx, { base, quote, rate, at });
      const after = view({ base, quote, rate: formatRate(rate), updated_at: at });
      return {
        subjectId: `${base}/${quote}`,
        before: before
          ? view({ base, quote, rate: formatRate(before.rate), updated_at: before.at })
          : null,
        after,
        result: after,
      };
    });
  }

  /** The rate to set, or why none can be: the sandbox (409), an asset against itself, zero (400). */
  private settableRate(base: Asset, quote: Asset, rateText: string): bigint {
    if (!this.deps.ratesAreSettable) {
      throw new AppError('INVALID_STATE', {
        detail:
          'Sandbox prices follow fixed curves (docs/sandbox.md "Rates"); rates are set only in production.',
      });
    }
    if (base === quote) {
      throw invalidData([
        {
          pointer: '/quote',
          in: 'path',
          code: 'INVALID_DATA',
          detail: `An asset against itself is always 1; ${base} → ${quote} cannot be set.`,
        },
      ]);
    }
    const rate = parseRate(rateText);
    if (rate === undefined) {
      throw invalidData([
        {
          pointer: '/rate',
          in: 'body',
          code: 'INVALID_DATA',
          detail: 'The rate must be greater than zero, with at most 12 decimals.',
        },
      ]);
    }
    return rate;
  }
}
