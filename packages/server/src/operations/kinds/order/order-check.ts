import type { Db } from '../../../db/database.js';
import type { JobQueue, JobHandler } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import { parseRate } from '../../../lib/rate.js';
import type { RateSource } from '../../../pricing/index.js';
import { ORDER_EXPIRED, parseOrder } from './order.js';
import { currentOrderPrice, priceCrosses } from './order-pricing.js';
import {
  completeOperation,
  failOperation,
  operationForLifecycle,
} from '../../lifecycle/operations.lifecycle.js';
import { settlementStep } from '../../lifecycle/settlement-step.js';

/**
 * `operation.order.check`, in every environment (docs/api.md "Orders: limit orders"): one check
 * of an open LIMIT order, in one transaction with the job's completion.
 * - no longer PROCESSING (filled, cancelled, expired; a duplicate run) → nothing;
 * - now ≥ expiresAt → FAILED ORDER_EXPIRED, hold released;
 * - the current price crosses limitPrice (and `canFill` allows it) → COMPLETED at limitPrice;
 * - else the next check, at min(now + interval, expiresAt).
 * Filling and failing are compare-and-sets on the operation's status, so a cancel racing this
 * step leaves exactly one of them done.
 */
export function orderCheckStep(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  rates: RateSource;
  checkIntervalMs: number;
  /** The sandbox's magic "never fills" limit prices (sandbox/magic-values.ts); else always. */
  canFill?: (limitPrice: string) => boolean;
}): JobHandler {
  return settlementStep(deps, async (tx, job) => {
    const row = await operationForLifecycle(tx, job.subject_id);
    if (!row || row.type !== 'ORDER' || row.status !== 'PROCESSING') return;
    const order = parseOrder(row.details);
    if (order.limitPrice === null || order.expiresAt === null) return;
    const now = deps.clock.now();
    if (now >= order.expiresAt) {
      await failOperation(tx, deps, row.id, { ...ORDER_EXPIRED }, now);
      return;
    }
    const current = await currentOrderPrice(deps.rates, tx.trx, order, now);
    const limit = parseRate(order.limitPrice)!;
    const fills =
      current !== undefined &&
      priceCrosses(order.side, current, limit) &&
      (deps.canFill?.(order.limitPrice) ?? true);
    if (fills) {
      await completeOperation(tx, deps, row.id, now);
      return;
    }
    const runAt = Math.min(now + deps.checkIntervalMs, order.expiresAt);
    await deps.queue.enqueue(tx, [
      { kind: 'operation.order.check', queue: row.id, subjectId: row.id, runAt },
    ]);
  });
}
