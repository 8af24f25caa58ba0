import { notFound } from '../../../lib/errors.js';
import { formatAmount, parseAmount } from '../../../lib/money.js';
import { newId } from '../../../lib/ids.js';
import { findOperation, findOwnOperation } from '../../operations.repository.js';
import { insufficientBalance } from '../../pipeline/refusals.js';
import { defineRequest } from '../../pipeline/request-kind.js';
import type { PixRefundDetails } from './pix-refund.js';
import { PixRefundBody, PixRefundParams } from './pix-refund.schema.js';
import {
  checkRefundAmount,
  lockOriginal,
  refundableOf,
  writeTrail,
  type RefundTrail,
} from './refundable.js';

/**
 * A PIX refund (devolução) of a deposit received by PIX: REQUESTED with the amount held on the
 * deposit's account, and counted at once against what the deposit may still refund. The count
 * is checked before the transaction and again inside it on the deposit's locked row (`recheck`),
 * so concurrent refunds of one deposit never add up to more than it received.
 */
export const pixRefundRequest = defineRequest({
  path: '/v1/operations/:operationId/refunds',
  params: PixRefundParams,
  body: PixRefundBody,
  summary: 'Refund a PIX deposit, in full or in part (devolução)',
  description:
    'Answers the refund, a PIX_REFUND operation, REQUESTED with its amount held; it goes PROCESSING (with its devolução id) and COMPLETED, or FAILED with the hold released and the amount refundable again. Without `amount`, refunds everything that remains. Refused with nothing moved: 404 (not your operation), 422 OPERATION_NOT_REFUNDABLE, REFUND_WINDOW_EXPIRED (90 days after the deposit completed), REFUND_AMOUNT_EXCEEDED, INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE. Accepts `Idempotency-Key` (docs/api.md "PIX refunds").',
  async accountId({ customerId, accounts, params }, deps) {
    // A deposit on an account the client is not bound to is not there for it (lib/owner.ts).
    const original = await findOwnOperation(deps.db, { customerId, accounts }, params.operationId);
    if (!original) throw notFound('Operation', params.operationId);
    return original.account_id;
  },
  async draft({ deps, customerId, params, body, now }) {
    const originalId = params.operationId;
    // The amount's own rules first (400), whatever the deposit.
    const asked = body.amount === undefined ? undefined : parseAmount(body.amount, 'BRL');
    const original = await findOperation(deps.db, customerId, originalId);
    if (!original) throw notFound('Operation', originalId);
    const { remaining } = await refundableOf(deps.db, original, now);
    const amount = asked ?? remaining;
    checkRefundAmount(originalId, amount, remaining);
    const holdId = newId('hold', now);
    const details: PixRefundDetails = {
      originalOperationId: originalId,
      reason: body.reason,
      holdId,
      endToEndId: null,
    };
    return {
      asset: 'BRL',
      amount,
      details,
      activeAssets: ['BRL'],
      // Under the deposit's row lock: what remains now, with every refund committed since the
      // first read counted; then this one is added to the count.
      recheck: async (tx) => {
        const locked = await lockOriginal(tx.trx, originalId);
        if (!locked) throw notFound('Operation', originalId);
        const now2 = await refundableOf(tx.trx, locked, now);
        checkRefundAmount(originalId, amount, now2.remaining);
        const trail: RefundTrail = { refundedAmount: now2.refunded + amount };
        await writeTrail(tx.trx, locked, trail, now);
      },
      hold: { holdId, asset: 'BRL', amount, description: 'PIX refund' },
      insufficient: () =>
        insufficientBalance(
          `The available BRL balance does not cover the refund of ${formatAmount(amount, 'BRL')} BRL.`,
        ),
    };
  },
});
