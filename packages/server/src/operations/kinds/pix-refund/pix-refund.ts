import { moneyJson, stringifyMoneyJson } from '../../../lib/money-json.js';
import { captureHoldInto, releaseHold } from '../../../ledger/index.js';
import { newEndToEndId } from '../../../pix/index.js';
import type { OperationRow } from '../../operations.table.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { PixRefundOperation } from './pix-refund.schema.js';
import { toClearing } from '../shared/legs.js';
import { lockOriginal, REFUND_TRAIL, writeTrail } from './refundable.js';

/**
 * What a PIX refund keeps (docs/api.md "PIX refunds"): the deposit it returns money of, the
 * customer's reason, its hold and, from PROCESSING on, its devolução id.
 */
export interface PixRefundDetails {
  originalOperationId: string;
  reason: string;
  holdId: string;
  endToEndId: string | null;
}

/** Its details' JSON: every money key of PixRefundDetails, declared (the compiler asks for a new one). */
export const PIX_REFUND_DETAILS = moneyJson<PixRefundDetails>({});

export const parsePixRefund = (details: string): PixRefundDetails =>
  PIX_REFUND_DETAILS.parse(details);

/**
 * A devolução's id has the shape of an end-to-end id with `D` for `E` (the Central Bank's return
 * id, sent with the return to the payer's institution).
 */
export const newReturnId = (at: number): string => `D${newEndToEndId(at).slice(1)}`;

/**
 * A failed refund gives its amount back to what the deposit may still refund, under the
 * deposit's row lock (taken before the balance row, in the same order as a new refund takes
 * them, so the two never deadlock).
 */
async function giveBack(
  trx: Parameters<typeof lockOriginal>[0],
  row: OperationRow,
  at: number,
): Promise<void> {
  const { originalOperationId } = parsePixRefund(row.details);
  const original = await lockOriginal(trx, originalOperationId);
  if (!original) throw new Error(`refund ${row.id}: original ${originalOperationId} is gone`);
  const refunded = REFUND_TRAIL.parse(original.details).refundedAmount ?? 0n;
  if (refunded < row.amount) {
    throw new Error(`refund ${row.id}: ${originalOperationId} counts only ${refunded} refunded`);
  }
  await writeTrail(trx, original, { refundedAmount: refunded - row.amount }, at);
}

export const pixRefundLifecycle: OperationLifecycle<'PIX_REFUND', typeof PixRefundOperation> = {
  type: 'PIX_REFUND',
  settlement: 'rail',
  schema: PixRefundOperation,
  details: PIX_REFUND_DETAILS,
  view(row) {
    const { originalOperationId, reason, endToEndId } = parsePixRefund(row.details);
    return { originalOperationId, refundReason: reason, endToEndId };
  },
  processing(row, at) {
    const d = parsePixRefund(row.details);
    return d.endToEndId ? undefined : stringifyMoneyJson({ ...d, endToEndId: newReturnId(at) });
  },
  // The held amount goes back through the rail to the payer: pending → sys_clearing, once.
  async completed(tx, row, at) {
    await captureHoldInto(tx.trx, {
      holdId: parsePixRefund(row.details).holdId,
      at,
      description: 'PIX refund',
      legs: () => [toClearing(row.asset, row.amount)],
    });
  },
  // The amount comes back to available, and the deposit may be refunded by it again.
  async failed(tx, row, at) {
    await giveBack(tx.trx, row, at);
    await releaseHold(tx.trx, {
      holdId: parsePixRefund(row.details).holdId,
      at,
      description: 'PIX refund failed: hold released',
    });
  },
};
