import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSETS } from '../../src/lib/money.js';
import { RATE_SCALE } from '../../src/lib/rate.js';
import { ASSET_PAIRS, rateOf } from '../../src/pricing/rate-source.js';
import {
  SANDBOX_PRICES,
  SANDBOX_SPREAD,
  sandboxPrice,
  sandboxRate,
  sandboxRates,
} from '../../src/pricing/sandbox-rates.js';
import type { Db } from '../../src/db/database.js';

/** Any instant from 2020 to 2040, in ms. */
const instant = fc.integer({ min: 1_577_836_800_000, max: 2_208_988_800_000 });
const pair = fc.constantFrom(...ASSET_PAIRS);
const noDb = undefined as unknown as Db;

describe('sandbox rates', () => {
  it('are a function of time alone: the same instant gives the same rate', () => {
    fc.assert(
      fc.property(pair, instant, ({ base, quote }, at) => {
        expect(sandboxRate(base, quote, at)).toBe(sandboxRate(base, quote, at));
      }),
    );
  });

  it('stay within the reference price × (1 ± amplitude)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSETS), instant, (asset, at) => {
        const { brl, amplitude } = SANDBOX_PRICES[asset];
        const price = sandboxPrice(asset, at);
        // A relative epsilon for the float product itself.
        expect(price).toBeGreaterThanOrEqual(brl * (1 - amplitude) * (1 - 1e-12));
        expect(price).toBeLessThanOrEqual(brl * (1 + amplitude) * (1 + 1e-12));
      }),
    );
  });

  it('keep every cross rate within the ratio of the bands, less the spread', () => {
    fc.assert(
      fc.property(pair, instant, ({ base, quote }, at) => {
        const b = SANDBOX_PRICES[base];
        const q = SANDBOX_PRICES[quote];
        const low =
          ((b.brl * (1 - b.amplitude)) / (q.brl * (1 + q.amplitude))) * (1 - SANDBOX_SPREAD);
        const high =
          ((b.brl * (1 + b.amplitude)) / (q.brl * (1 - q.amplitude))) * (1 - SANDBOX_SPREAD);
        const rate = Number(sandboxRate(base, quote, at)) / Number(RATE_SCALE);
        expect(rate).toBeGreaterThanOrEqual(low * (1 - 1e-6));
        expect(rate).toBeLessThanOrEqual(high * (1 + 1e-6));
      }),
    );
  });

  it('hold still within one second and take effect at its start', async () => {
    const second = 1_700_000_123_000;
    for (const { base, quote } of ASSET_PAIRS) {
      const rate = sandboxRate(base, quote, second);
      for (const offset of [1, 250, 999]) {
        expect(sandboxRate(base, quote, second + offset)).toBe(rate);
      }
      const pairRate = await sandboxRates.rate(noDb, base, quote, second + 640);
      expect(pairRate).toEqual({ base, quote, rate, at: second });
    }
  });

  it('move over a period: a non-BRL asset does not stay at one price', () => {
    for (const asset of ASSETS.filter((a) => a !== 'BRL')) {
      const prices = new Set(
        Array.from({ length: 30 }, (_, s) => sandboxPrice(asset, 1_700_000_000_000 + s * 1000)),
      );
      expect(prices.size).toBeGreaterThan(10);
    }
  });

  it('lose on a round trip, for every pair at every instant: rate(a,b) × rate(b,a) < 1', () => {
    fc.assert(
      fc.property(pair, instant, ({ base, quote }, at) => {
        const there = sandboxRate(base, quote, at);
        const back = sandboxRate(quote, base, at);
        expect(there > 0n && back > 0n).toBe(true);
        expect(there * back < RATE_SCALE * RATE_SCALE).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('give 1 for an asset against itself, without asking the source', async () => {
    for (const asset of ASSETS) {
      expect(await rateOf(sandboxRates, noDb, asset, asset, 42)).toEqual({
        base: asset,
        quote: asset,
        rate: RATE_SCALE,
        at: 42,
      });
    }
  });
});
