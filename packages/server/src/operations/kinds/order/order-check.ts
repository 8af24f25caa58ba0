import { parseRate } from '../../../lib/rate.js';
import type { KindStep } from '../operation-kind.js';
import { ORDER_EXPIRED, parseOrder } from './order.js';
import { currentOrderPrice, priceCrosses } from './order-pricing.js';

/**
 * `operation.order.check`, in every environment (docs/api.md "Orders: limit orders"): one check
 * of an open LIMIT order, in one transaction with the job's completion (lifecycle/kind-jobs.ts).
 * - no longer PROCESSING (filled, cancelled, expired; a duplicate run) → nothing;
 * - now ≥ expiresAt → FAILED ORDER_EXPIRED, hold released;
 * - the current price crosses limitPrice (and the sandbox's `orderCanFill` allows it) →
 *   COMPLETED at limitPrice;
 * - else the next check, at min(now + interval, expiresAt).
 * Filling and failing are compare-and-sets on the operation's status, so a cancel racing this
 * step leaves exactly one of them done.
 */
export const orderCheck: KindStep = async (tx, row, deps, now) => {
  if (row.type !== 'ORDER' || row.status !== 'PROCESSING') return undefined;
  const order = parseOrder(row.details);
  if (order.limitPrice === null || order.expiresAt === null) return undefined;
  if (now >= order.expiresAt) return { kind: 'fail', reason: { ...ORDER_EXPIRED } };
  const current = await currentOrderPrice(deps.rates, tx.trx, order, now);
  const limit = parseRate(order.limitPrice)!;
  const fills =
    current !== undefined &&
    priceCrosses(order.side, current, limit) &&
    (deps.orderCanFill?.(order.limitPrice) ?? true);
  if (fills) return { kind: 'complete' };
  const runAt = Math.min(now + deps.orderCheckIntervalMs, order.expiresAt);
  await deps.queue.enqueue(tx, [
    { kind: 'operation.order.check', queue: row.id, subjectId: row.id, runAt },
  ]);
  return undefined;
};
