import { parseBrCode } from '../../../pix/index.js';
import { parsePixPayment, parseWithdrawal, type OperationRow } from '../../../operations/index.js';
import type { PixPayoutTarget } from './pix-payouts.table.js';

/** What the PIX rail pays for an operation: where to, and the words shown to the receiver. */
export interface PixPayoutOf {
  target: PixPayoutTarget;
  description: string | null;
}

/** API Pix's and Efí's limit on what the payer writes to the receiver (infoPagador). */
const DESCRIPTION_MAX = 140;

/**
 * The payout an operation asks of the PIX rail, or undefined when it asks none of it: a BRL
 * withdrawal to a PIX key instruction (one to bank details or a wallet is another rail's, or the
 * back-office's), or a PIX payment. A payment from a BR Code that fixes its amount pays the code
 * (the receiver sees its txid); one from a code without an amount pays the code's key with the
 * amount the customer chose, since a PSP pays a code for the code's amount only.
 */
export function pixPayoutOf(operation: OperationRow): PixPayoutOf | undefined {
  if (operation.asset !== 'BRL') return undefined;
  if (operation.type === 'WITHDRAWAL') {
    const details = parseWithdrawal(operation.details);
    const instruction = details.beneficiary.paymentInstruction;
    if (instruction.rail !== 'PIX' || !instruction['key']) return undefined;
    return { target: { key: instruction['key'] }, description: clip(details.description) };
  }
  if (operation.type === 'PIX_PAYMENT') {
    const details = parsePixPayment(operation.details);
    const code = details.brCode === null ? undefined : parseBrCode(details.brCode);
    const target =
      code?.kind === 'valid' && code.code.amount !== null
        ? { brCode: details.brCode! }
        : { key: details.pixKey.key };
    return { target, description: clip(details.description) };
  }
  return undefined;
}

function clip(description: string | null): string | null {
  const text = description?.trim();
  return text ? text.slice(0, DESCRIPTION_MAX) : null;
}
