import type { Asset } from '../lib/money.js';
import { rateFromFloat } from '../lib/rate.js';
import type { RateSource } from './rate-source.js';

/**
 * The sandbox's prices (docs/sandbox.md "Rates"): deterministic functions of time, the same on
 * every machine, that move slowly and predictably, so a limit order placed near the price fills
 * within seconds and a test can compute what a quote will say.
 *
 * Each asset has a reference price in BRL that swings by ± AMPLITUDE along a sine of PERIOD_MS,
 * with its own phase; the value changes once per second. A pair's rate is the ratio of the two
 * prices less SPREAD (so converting there and back always loses a little, as with a real desk).
 */
export const SANDBOX_PRICES: Readonly<
  Record<Asset, { brl: number; amplitude: number; phase: number }>
> = {
  BRL: { brl: 1, amplitude: 0, phase: 0 },
  USDT: { brl: 5.4, amplitude: 0.002, phase: 0 },
  USDC: { brl: 5.39, amplitude: 0.002, phase: Math.PI / 2 },
  BTC: { brl: 550_000, amplitude: 0.005, phase: Math.PI },
};
export const SANDBOX_PERIOD_MS = 30_000;
/** Taken off every cross rate: 0.2 %. */
export const SANDBOX_SPREAD = 0.002;

/** An asset's BRL price at `at` (whole seconds of time count, so it is steady for a second). */
export function sandboxPrice(asset: Asset, at: number): number {
  const { brl, amplitude, phase } = SANDBOX_PRICES[asset];
  const seconds = Math.floor(at / 1000) * 1000;
  return brl * (1 + amplitude * Math.sin((2 * Math.PI * seconds) / SANDBOX_PERIOD_MS + phase));
}

/** The customer's rate for selling `base` for `quote` at `at`. */
export function sandboxRate(base: Asset, quote: Asset, at: number): bigint {
  return rateFromFloat(
    (sandboxPrice(base, at) / sandboxPrice(quote, at)) * (base === quote ? 1 : 1 - SANDBOX_SPREAD),
  );
}

/** Every pair always has a rate; the second's start is when it took effect. */
export const sandboxRates: RateSource = {
  rate: (_db, base, quote, at) =>
    Promise.resolve({ base, quote, rate: sandboxRate(base, quote, at), at: at - (at % 1000) }),
};
