import type { Db } from '../db/database.js';
import type { RailFigures } from '../observability/rail-metrics.js';
import type { Rail, RailReconciliation } from './rail.js';
import { latestReconciliation } from './rail-reconciliations.repository.js';

/**
 * The rails' figures for a metrics scrape (observability/rail-metrics.ts): each rail's health and
 * its newest reconciliation, from the database (a few small reads per rail, cached by the scrape).
 */
export async function railFigures(db: Db, rails: readonly Rail[]): Promise<RailFigures[]> {
  const figures: RailFigures[] = [];
  for (const rail of rails) {
    const health = await rail.health(db);
    const last = await latestReconciliation(db, rail.name, { compared: true });
    figures.push({
      rail: rail.name,
      lagBlocks: health.lagBlocks,
      nodeUp: !['node-failing', 'wrong-chain', 'psp-failing'].includes(health.state),
      payouts: health.payouts,
      waiting: health.waiting,
      differences: last ? differencesOf(last) : [],
      differenceCount: last ? countOf(last) : undefined,
      reconciledAt: last?.at,
    });
  }
  return figures;
}

/** Per asset: EVM's per token; the PIX report's net difference of its day, in BRL. */
function differencesOf(report: RailReconciliation): RailFigures['differences'] {
  // A gauge is a double: exact up to 2^53 minor units (9 billion USDT), plenty for a difference.
  if (report.pix) return [{ asset: 'BRL', minor: Number(report.pix.differenceMinor) }];
  return report.assets.map((a) => ({ asset: a.asset, minor: Number(a.differenceMinor) }));
}

/** How many differences it lists: the PIX report's by endToEndId, EVM's assets that differ. */
function countOf(report: RailReconciliation): number {
  if (report.pix) return report.pix.differences.length;
  return report.assets.filter((a) => a.differenceMinor !== '0' || !/^-?[0.]+$/.test(a.difference))
    .length;
}
