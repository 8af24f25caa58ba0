import { moneyJson, stringifyMoneyJson } from '../../../lib/money-json.js';
import { captureHoldInto, releaseHold, type Posting } from '../../../ledger/index.js';
import type { FeeLine } from '../../../pricing/index.js';
import { newEndToEndId } from '../../../pix/index.js';
import type { InstructionSnapshot } from '../../../modules/beneficiaries/index.js';
import type { OperationRow } from '../../operations.table.js';
import { conversionView, type ConversionDetails } from '../shared/conversion.js';
import type { OnChain } from '../shared/on-chain.js';
import { exchangePostings, feePostings, toClearing } from '../shared/legs.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { WithdrawalOperation } from './withdrawal.schema.js';

/**
 * What a withdrawal keeps: the instruction as it was when requested, its hold, its PIX id, its
 * fees and, for a cross-asset withdrawal, the quote it consumed. `fees` and `conversion` are
 * absent on rows written before they existed (read as none).
 */
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
  /** Every fee line: the quote's conversion fees, then the WITHDRAWAL fee, in the asset held. */
  fees?: FeeLine[];
  conversion?: ConversionDetails;
  /** The REVERSAL that returned it, once any (kinds/reversal). */
  reversedBy?: string;
  /** The payout on chain, once a chain rail saw it mined (rails/evm). */
  onChain?: OnChain | null;
}

/** Rails settled over PIX in Brazil: a PIX key, or bank details (PIX "por dados bancários"). */
const PIX_RAILS = new Set(['PIX', 'BANK_ACCOUNT']);

/** Its details' JSON: every money key of WithdrawalDetails, declared (the compiler asks for a new one). */
export const WITHDRAWAL_DETAILS = moneyJson<WithdrawalDetails>({
  amount: true,
  sourceAmount: true,
  targetAmount: true,
  convertedAmount: true,
});

export const parseWithdrawal = (details: string): WithdrawalDetails =>
  WITHDRAWAL_DETAILS.parse(details);

/**
 * Where the held money goes when the withdrawal completes, besides the debit of the whole hold
 * from pending: every fee to sys_fees; the operation's `amount` (in its `asset`, what the
 * beneficiary receives) to sys_clearing, the rail; and for a quoted withdrawal, the desk's legs
 * in between — it takes the converted source amount and pays out the target amount that
 * leaves through the rail. One journal: the conversion and the payout cannot part.
 */
export function withdrawalLegs(row: OperationRow): Posting[] {
  const d = parseWithdrawal(row.details);
  return [
    ...feePostings(d.fees ?? []),
    ...(d.conversion ? exchangePostings(d.conversion) : []),
    toClearing(row.asset, row.amount),
  ];
}

export const withdrawalLifecycle: OperationLifecycle<'WITHDRAWAL', typeof WithdrawalOperation> = {
  type: 'WITHDRAWAL',
  settlement: 'rail',
  schema: WithdrawalOperation,
  details: WITHDRAWAL_DETAILS,
  view(row) {
    const { beneficiary, description, endToEndId, conversion, reversedBy, onChain } =
      parseWithdrawal(row.details);
    return {
      beneficiary,
      description,
      endToEndId,
      ...conversionView(conversion),
      reversedBy: reversedBy ?? null,
      onChain: onChain ?? null,
    };
  },
  processing(row, at) {
    const d = parseWithdrawal(row.details);
    if (!PIX_RAILS.has(d.beneficiary.paymentInstruction.rail) || d.endToEndId) return undefined;
    return stringifyMoneyJson({ ...d, endToEndId: newEndToEndId(at) });
  },
  // The held money leaves, exactly once (the hold's compare-and-set), in one journal.
  async completed(tx, row, at) {
    await captureHoldInto(tx.trx, {
      holdId: parseWithdrawal(row.details).holdId,
      at,
      description: 'Withdrawal',
      legs: () => withdrawalLegs(row),
    });
  },
  // The held money (fees included) comes back to available, exactly once.
  async failed(tx, row, at) {
    await releaseHold(tx.trx, {
      holdId: parseWithdrawal(row.details).holdId,
      at,
      description: 'Withdrawal failed: hold released',
    });
  },
};
