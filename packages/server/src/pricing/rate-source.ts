import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import { ASSETS, type Asset } from '../lib/money.js';
import { RATE_SCALE } from '../lib/rate.js';

/** One pair's current rate: how many `quote` one `base` is worth (rate units, lib/rate.ts). */
export interface PairRate {
  base: Asset;
  quote: Asset;
  rate: bigint;
  /** When this rate took effect (ms). */
  at: number;
}

/**
 * Where prices come from (docs/api.md "Rates"), behind one interface: the sandbox's
 * deterministic curves (sandbox-rates.ts) or, in production, the prices an operator sets through
 * the back-office (stored-rates.ts). An external feed plugs in here later.
 *
 * Each rate is the customer's: selling `base` for `quote` at `rate` (any spread is already in
 * it). Pairs are directed: BRL/USDT and USDT/BRL are two rates.
 */
export interface RateSource {
  /** The pair's rate at `at`, or undefined when none is known (422 RATE_UNAVAILABLE). */
  rate(db: Db | Trx, base: Asset, quote: Asset, at: number): Promise<PairRate | undefined>;
}

/** The rate of a pair, 1 for an asset against itself (no spread, no source asked). */
export async function rateOf(
  source: RateSource,
  db: Db | Trx,
  base: Asset,
  quote: Asset,
  at: number,
): Promise<PairRate | undefined> {
  if (base === quote) return { base, quote, rate: RATE_SCALE, at };
  return source.rate(db, base, quote, at);
}

/** Every directed pair of two different assets, in ASSETS order. */
export const ASSET_PAIRS: readonly { base: Asset; quote: Asset }[] = ASSETS.flatMap((base) =>
  ASSETS.filter((quote) => quote !== base).map((quote) => ({ base, quote })),
);
