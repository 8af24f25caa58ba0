import { moneyJson, stringifyMoneyJson } from '../../../lib/money-json.js';
import { captureHoldInto, releaseHold } from '../../../ledger/index.js';
import { newEndToEndId } from '../../../pix/index.js';
import type { FeeLine } from '../../../pricing/index.js';
import type { PixRecipient, PixKey } from '../../../modules/pix/index.js';
import { feePostings, toClearing } from '../shared/legs.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { PixPaymentOperation } from './pix-payment.schema.js';

/**
 * What a PIX payment keeps (docs/api.md "PIX payments"): the key paid and the directory's masked
 * answer as they were at creation, the copy-and-paste code it came from (if any), its hold (the
 * amount plus the fees) and, from PROCESSING on, its end-to-end id.
 */
export interface PixPaymentDetails {
  pixKey: PixKey;
  recipient: PixRecipient;
  brCode: string | null;
  txid: string | null;
  description: string | null;
  holdId: string;
  endToEndId: string | null;
  fees: FeeLine[];
}

/** Its details' JSON: every money key of PixPaymentDetails, declared (the compiler asks for a new one). */
export const PIX_PAYMENT_DETAILS = moneyJson<PixPaymentDetails>({ amount: true });

export const parsePixPayment = (details: string): PixPaymentDetails =>
  PIX_PAYMENT_DETAILS.parse(details);

export const pixPaymentLifecycle: OperationLifecycle<'PIX_PAYMENT', typeof PixPaymentOperation> = {
  type: 'PIX_PAYMENT',
  settlement: 'rail',
  schema: PixPaymentOperation,
  details: PIX_PAYMENT_DETAILS,
  view(row) {
    const { pixKey, recipient, brCode, txid, description, endToEndId } = parsePixPayment(
      row.details,
    );
    return { pixKey, recipient, brCode, txid, description, endToEndId };
  },
  processing(row, at) {
    const d = parsePixPayment(row.details);
    return d.endToEndId ? undefined : stringifyMoneyJson({ ...d, endToEndId: newEndToEndId(at) });
  },
  // The hold (amount + fees) leaves in one journal: the amount to the rail, each fee to sys_fees;
  // exactly once (the hold's compare-and-set).
  async completed(tx, row, at) {
    const { holdId, fees } = parsePixPayment(row.details);
    await captureHoldInto(tx.trx, {
      holdId,
      at,
      description: 'PIX payment',
      legs: (hold) => [toClearing(hold.asset, row.amount), ...feePostings(fees)],
    });
  },
  // The amount and the fees come back to available, exactly once: a failed payment costs nothing.
  async failed(tx, row, at) {
    await releaseHold(tx.trx, {
      holdId: parsePixPayment(row.details).holdId,
      at,
      description: 'PIX payment failed: hold released',
    });
  },
};
