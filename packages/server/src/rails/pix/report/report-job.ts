import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import type { JobHandler, JobQueue } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { RailReconciliation } from '../../rail.js';
import { lastCompleteDay } from './spi-day.js';

/**
 * A day's report runs an hour after the day ends (01:00 in Brasília): the reconciliation
 * window, at most a minute behind the clock, has credited the day's last Pix by then, so what
 * the report lists is a difference, not a webhook still on its way.
 */
export const REPORT_AFTER_MS = 3_600_000;
/** A report that could not compare (the PSP down) is tried again this much later. */
export const REPORT_RETRY_MS = 300_000;

/**
 * `rail.pix.report`: the previous day's report, once, after 01:00 in Brasília; then the job sleeps
 * until the next day's turn. A report that could not compare is tried again every few minutes
 * until the next day's turn comes (a day missed that way is run with `cofre rails reconcile
 * --rail pix --day …`). Never changes a balance or a record of money.
 */
export function reportHandler(
  deps: { db: Db; queue: JobQueue; clock: Clock; logger: FastifyBaseLogger },
  run: (day: string) => Promise<RailReconciliation>,
): JobHandler {
  return async (job) => {
    const now = deps.clock.now();
    const day = lastCompleteDay(now);
    const due = day.end + REPORT_AFTER_MS;
    let next = due;
    if (now >= due) {
      const report = await run(day.day);
      logReport(deps.logger, report);
      next = report.outcome === 'NOT_COMPARED' ? now + REPORT_RETRY_MS : due + 86_400_000;
    }
    await transact(deps.db, (tx) => deps.queue.reschedule(tx.trx, job, next));
  };
}

function logReport(logger: FastifyBaseLogger, report: RailReconciliation): void {
  if (report.outcome === 'DIFFERENT') {
    logger.warn(
      {
        rail: report.rail,
        reconciliation: report.id,
        day: report.pix?.day,
        differences: report.pix?.differences.map((d) => ({
          kind: d.kind,
          endToEndId: d.endToEndId,
        })),
      },
      'PIX rail: the daily report found differences between the PSP and the ledger (docs/rails.md "PIX: daily report")',
    );
  } else if (report.outcome === 'NOT_COMPARED') {
    logger.warn(
      { rail: report.rail, reason: report.reason },
      'PIX rail: the daily report could not compare',
    );
  }
}
