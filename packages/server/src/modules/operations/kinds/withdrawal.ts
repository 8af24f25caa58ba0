import { captureHold, releaseHold } from '../../../ledger/ledger.js';
import { newEndToEndId } from '../../../pix/end-to-end-id.js';
import type { InstructionSnapshot } from '../../beneficiaries/usable-instruction.js';
import type { OperationKind } from './operation-kind.js';

/** What a withdrawal keeps: the instruction as it was when requested, its hold, its PIX id. */
export interface WithdrawalDetails {
  beneficiary: {
    id: string;
    paymentInstructionId: string;
    holder: InstructionSnapshot['holder'];
    paymentInstruction: { rail: string; asset: string } & Record<string, string>;
  };
  description: string | null;
  holdId: string;
  endToEndId: string | null;
}

/** Rails settled over PIX in Brazil: a PIX key, or bank details (PIX "por dados bancários"). */
const PIX_RAILS = new Set(['PIX', 'BANK_ACCOUNT']);

export const parseWithdrawal = (details: string) => JSON.parse(details) as WithdrawalDetails;

export const withdrawalKind: OperationKind = {
  type: 'WITHDRAWAL',
  view(row) {
    const { beneficiary, description, endToEndId } = parseWithdrawal(row.details);
    return { beneficiary, description, endToEndId };
  },
  processing(row, at) {
    const d = parseWithdrawal(row.details);
    if (!PIX_RAILS.has(d.beneficiary.paymentInstruction.rail) || d.endToEndId) return undefined;
    return JSON.stringify({ ...d, endToEndId: newEndToEndId(at) });
  },
  // The held money leaves: pending → clearing, exactly once (the hold's compare-and-set).
  async completed(tx, row, at) {
    await captureHold(tx.trx, {
      holdId: parseWithdrawal(row.details).holdId,
      at,
      description: 'Withdrawal',
    });
  },
  // The held money comes back to available, exactly once.
  async failed(tx, row, at) {
    await releaseHold(tx.trx, {
      holdId: parseWithdrawal(row.details).holdId,
      at,
      description: 'Withdrawal failed: hold released',
    });
  },
};
