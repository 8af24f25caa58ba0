import type { Db } from '../../../db/database.js';
import { toIso, type Clock } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import type { RailReconciliation } from '../../rail.js';
import { storeReconciliation } from '../../rail-reconciliations.repository.js';
import { PIX_RAIL } from '../pix-context.js';
import type { ApiPix } from '../psp/api-pix.js';
import { compareDay } from './compare-day.js';
import { readLedgerDay } from './ledger-day.js';
import { readPspDay } from './psp-day.js';
import { lastCompleteDay, spiDay, type SpiDay } from './spi-day.js';

export interface PixReportContext {
  db: Db;
  clock: Clock;
  /**
   * The PSP for this report: the worker's client, or one opened for the report and closed after
   * it (`cofre rails reconcile` runs outside a worker). Throws when it cannot be opened.
   */
  psp(): { api: ApiPix; close(): Promise<void> };
}

/**
 * The PIX rail's daily report (docs/rails.md "PIX: daily report") for `day` (YYYY-MM-DD, the SPI's
 * day in Brasília), by default the last day that has ended: the PSP's GET /pix for the day, every
 * page, compared with cofre's records; stored in rail_reconciliations and returned. Reads only.
 * A PSP that does not answer, refuses, or a day not over yet give a NOT_COMPARED report, never a
 * throw; a `day` that is not a date is the caller's mistake (a RangeError).
 */
export async function pixReport(ctx: PixReportContext, day?: string): Promise<RailReconciliation> {
  const at = ctx.clock.now();
  const target = day === undefined ? lastCompleteDay(at) : spiDay(day);
  if (!target) throw new RangeError(`${day}: not a day (YYYY-MM-DD)`);
  const report = await compared(ctx, target, at);
  await storeReconciliation(ctx.db, report);
  return report;
}

async function compared(ctx: PixReportContext, day: SpiDay, at: number) {
  const report = (fields: Pick<RailReconciliation, 'outcome' | 'reason' | 'pix'>) => ({
    id: newId('reconciliation', at),
    rail: PIX_RAIL,
    network: 'PIX',
    at,
    block: null,
    assets: [],
    ...fields,
  });
  const notCompared = (reason: string) =>
    report({ outcome: 'NOT_COMPARED', reason: `${day.day}: ${reason}`, pix: undefined });
  if (day.end > at) return notCompared('the day has not ended yet in America/Sao_Paulo');
  let psp;
  try {
    const open = ctx.psp();
    try {
      psp = await readPspDay(open.api, day);
    } finally {
      await open.close();
    }
  } catch (error) {
    return notCompared(`the PSP failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (psp.kind === 'refused') return notCompared(psp.reason);
  const ledger = await readLedgerDay(ctx.db, day, [...psp.pix.keys()]);
  const comparison = compareDay(psp.pix, ledger, day);
  return report({
    outcome: comparison.differences.length === 0 ? 'MATCHED' : 'DIFFERENT',
    reason: null,
    pix: {
      day: day.day,
      from: toIso(day.start),
      to: toIso(day.end - 1),
      ...comparison,
      windowReadTo: ledger.windowReadTo === null ? null : toIso(ledger.windowReadTo),
    },
  });
}
