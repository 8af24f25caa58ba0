import { moneyJson } from '../../../lib/money-json.js';
import { toIso } from '../../../lib/clock.js';
import { formatAmount, type Asset } from '../../../lib/money.js';
import { postDeposit, postTransfer, type Posting, SYSTEM_ACCOUNTS } from '../../../ledger/index.js';
import type { FeeLine } from '../../../pricing/index.js';
import { buildBrCode, type FundingKeyType, type StandingInstruction } from '../../../pix/index.js';
import type { OperationRow } from '../../operations.table.js';
import { conversionView, type ConversionDetails } from '../shared/conversion.js';
import type { OnChain } from '../shared/on-chain.js';

export type { OnChain } from '../shared/on-chain.js';
import { customerCredit, exchangePostings, feePostings } from '../shared/legs.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { DepositOperation } from './deposit.schema.js';

/**
 * What a deposit keeps: where to pay, until when, and what arrived; for a cross-asset deposit
 * the quote it consumed and its fee lines (absent on rows written before they existed).
 */
export interface DepositDetails {
  fundingInstruction:
    | {
        rail: 'PIX';
        keyType: FundingKeyType;
        key: string;
        /** null while a PSP makes the deposit's charge (the PIX rail): see instructionReady. */
        brCode: string | null;
      }
    | { rail: 'CRYPTO'; network: string; address: string };
  expiresAt: number;
  /** Minor units credited, once received (the back-office may record another amount). */
  receivedAmount: bigint | null;
  /** The quote's conversion fees (the common `fees` of the view). */
  fees?: FeeLine[];
  conversion?: ConversionDetails;
  /** Minor units refunded so far, and the reversal, once any (kinds/pix-refund/refundable.ts). */
  refundedAmount?: bigint;
  reversedBy?: string;
  /** Where a rail saw the money on chain (rails/evm); absent or null: not on chain (yet). */
  onChain?: OnChain | null;
  /** The Pix that paid it, when a rail saw one (rails/pix): its end-to-end id. */
  endToEndId?: string;
}

export const DEPOSIT_EXPIRED = {
  code: 'DEPOSIT_EXPIRED',
  message: 'No payment arrived before the funding instruction expired.',
} as const;

/** Production: how long a deposit's funding instruction stays payable (docs/api.md "Deposits"). */
export const PRODUCTION_DEPOSIT_TTL_MS = 30 * 60_000;
/** Sandbox: expiry this long after the payment would have arrived (5 s with the default delay). */
export const SANDBOX_EXPIRY_AFTER_STEP_MS = 3_000;

/** Its details' JSON: every money key of DepositDetails, declared (the compiler asks for a new one). */
export const DEPOSIT_DETAILS = moneyJson<DepositDetails>({
  receivedAmount: true,
  refundedAmount: true,
  amount: true,
  sourceAmount: true,
  targetAmount: true,
  convertedAmount: true,
});

export const parseDeposit = (details: string): DepositDetails => DEPOSIT_DETAILS.parse(details);

export const depositLifecycle: OperationLifecycle<'DEPOSIT', typeof DepositOperation> = {
  type: 'DEPOSIT',
  settlement: 'funding',
  schema: DepositOperation,
  details: DEPOSIT_DETAILS,
  view(row) {
    const d = parseDeposit(row.details);
    return {
      fundingInstruction: { ...d.fundingInstruction, expiresAt: toIso(d.expiresAt) },
      receivedAmount: d.receivedAmount === null ? null : formatAmount(d.receivedAmount, row.asset),
      ...conversionView(d.conversion),
      refundedAmount: formatAmount(d.refundedAmount ?? 0n, row.asset),
      reversedBy: d.reversedBy ?? null,
      onChain: d.onChain ?? null,
      endToEndId: d.endToEndId ?? null,
    };
  },
  processing: () => undefined,
  // The money arrives: one journal, clearing → the customer's available (converted on the way
  // for a quoted deposit).
  async completed(tx, row, at) {
    const d = parseDeposit(row.details);
    if (d.conversion) {
      await postTransfer(tx.trx, {
        kind: 'DEPOSIT',
        postings: convertedDepositPostings(row, d.conversion, d),
        operationId: row.id,
        description: 'Deposit',
        at,
      });
      return;
    }
    await postDeposit(tx.trx, {
      accountId: row.account_id,
      asset: row.asset,
      amount: d.receivedAmount ?? row.amount,
      operationId: row.id,
      description: 'Deposit',
      at,
    });
  },
  // Nothing was credited, so nothing moves.
  failed: () => Promise.resolve(),
};

/**
 * A quoted deposit's journal: the rail (sys_clearing) pays the quote's source amount; its fees go
 * to sys_fees, the rest to the desk (sys_exchange), which pays the target amount into the
 * customer's available. Only the quoted source amount can arrive: the back-office refuses to
 * receive another (docs/admin.md), and this refuses it again rather than credit a wrong figure.
 */
function convertedDepositPostings(
  row: OperationRow,
  c: ConversionDetails,
  d: DepositDetails,
): Posting[] {
  const arrived = d.receivedAmount ?? row.amount;
  if (arrived !== c.sourceAmount || row.asset !== c.sourceAsset) {
    throw new Error(`deposit ${row.id}: ${arrived} arrived, its quote converts ${c.sourceAmount}`);
  }
  return [
    {
      accountId: SYSTEM_ACCOUNTS.clearing,
      asset: c.sourceAsset,
      bucket: 'AVAILABLE',
      direction: 'DEBIT',
      amount: c.sourceAmount,
    },
    ...feePostings(d.fees ?? []),
    ...exchangePostings(c),
    customerCredit(row.account_id, c.targetAsset, c.targetAmount),
  ];
}

/** The name and city a PIX payer's app shows for cofre's BR Codes. */
export const RECEIVER = { name: 'COFRE', city: 'SAO PAULO' } as const;

/** Where to pay this deposit: the account's standing key or address (funding/funding-source.ts). */
export function depositFunding(
  standing: StandingInstruction,
  amount: bigint,
  operationId: string,
): DepositDetails['fundingInstruction'] {
  const asset: Asset = standing.asset;
  if (standing.rail === 'CRYPTO') {
    return { rail: 'CRYPTO', network: standing.network, address: standing.address };
  }
  if (standing.brCodes === 'PSP') {
    // The PSP makes this deposit's code (rails/pix): pending until its charge exists.
    return { rail: 'PIX', keyType: standing.keyType, key: standing.key, brCode: null };
  }
  // txid: the operation id's 25 last characters (at most 25 letters and digits), so the payment
  // that arrives names its deposit.
  const txid = operationId.slice(operationId.length - 25);
  return {
    rail: 'PIX',
    keyType: 'EVP',
    key: standing.key,
    brCode: buildBrCode({
      key: standing.key,
      amount: formatAmount(amount, asset),
      merchantName: RECEIVER.name,
      merchantCity: RECEIVER.city,
      txid,
    }),
  };
}

/** A standing instruction as GET /v1/accounts/{id}/fundingInstructions shows it. */
export function standingFunding(standing: StandingInstruction) {
  if (standing.rail === 'CRYPTO') return standing;
  const { brCodes, ...instruction } = standing;
  // Under a PSP (the PIX rail) only a deposit's own code is attributable: no standing code.
  if (brCodes === 'PSP') return { ...instruction, brCode: null };
  const brCode = buildBrCode({
    key: standing.key,
    merchantName: RECEIVER.name,
    merchantCity: RECEIVER.city,
    txid: '***', // no txid: a code for any payment to this account
  });
  return { ...instruction, brCode };
}
