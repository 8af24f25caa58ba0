import type { FastifyBaseLogger } from 'fastify';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import { ensureStandingJob, type JobHandler, type JobQueue } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { RailReconciliation } from '../../rail.js';

/**
 * Every hour (a fixed period, not a setting: the figures change only as money moves, and the
 * command `cofre rails reconcile` runs one at any moment). A run that could not compare (the
 * node down, the watcher behind) is tried again sooner.
 */
export const RECONCILE_EVERY_MS = 3_600_000;
export const RECONCILE_RETRY_MS = 300_000;

/** The reconciliation job of a network (a fixed id, as the watcher's and the payouts'). */
export function reconcileJobId(network: EvmNetwork): string {
  return `job_0EVMRECONCILE${network === 'ETHEREUM' ? '0000000000001' : '0000000000002'}`;
}

/** Worker start: the network's reconciliation job exists (due now the first time). */
export async function scheduleReconcile(db: Db, network: EvmNetwork, now: number): Promise<void> {
  const id = reconcileJobId(network);
  await ensureStandingJob(db, { id, kind: 'rail.evm.reconcile', subjectId: network, now });
}

/**
 * `rail.evm.reconcile`: one reconciliation (stored by `run`), logged when it is not clean, then
 * the job is put back an hour later. Never changes a balance or a record of money.
 */
export function reconcileHandler(
  deps: { db: Db; queue: JobQueue; clock: Clock; logger: FastifyBaseLogger },
  run: () => Promise<RailReconciliation>,
): JobHandler {
  return async (job) => {
    const report = await run();
    if (report.outcome === 'DIFFERENT') {
      deps.logger.warn(
        {
          rail: report.rail,
          reconciliation: report.id,
          differences: report.assets.map((a) => ({ asset: a.asset, difference: a.difference })),
        },
        'EVM rail: reconciliation found a difference between the ledger and the chain (docs/rails.md "A reconciliation difference")',
      );
    } else if (report.outcome === 'NOT_COMPARED') {
      deps.logger.warn(
        { rail: report.rail, reason: report.reason },
        'EVM rail: reconciliation could not compare',
      );
    }
    const next =
      deps.clock.now() +
      (report.outcome === 'NOT_COMPARED' ? RECONCILE_RETRY_MS : RECONCILE_EVERY_MS);
    await transact(deps.db, (tx) => deps.queue.reschedule(tx.trx, job, next));
  };
}
