import { AppError, type ErrorCode } from '../../lib/errors.js';
import { formatAmount, type Asset } from '../../lib/money.js';
import { parseAssets, type AccountRow } from '../accounts/accounts.table.js';
import type { InstructionSnapshot } from '../beneficiaries/usable-instruction.js';
import { quoteMismatch } from '../quotes/quote-errors.js';
import type { QuoteRow } from '../quotes/quotes.table.js';

/** A 422 refusal pointing at the request field it is about (docs/api.md "Withdrawals"). */
const refuse = (code: ErrorCode, detail: string, pointer: string): AppError =>
  new AppError(code, { detail, errors: [{ pointer, in: 'body', code, detail }] });

export const insufficientBalance = (detail: string): AppError =>
  refuse('INSUFFICIENT_BALANCE', detail, '/amount');

/** 422 ACCOUNT_NOT_ACTIVE unless the account and this asset of it are ACTIVE. */
export function requireActive(account: AccountRow, asset: Asset): void {
  const state = parseAssets(account).find((a) => a.asset === asset);
  if (account.status === 'ACTIVE' && state?.status === 'ACTIVE') return;
  throw refuse(
    'ACCOUNT_NOT_ACTIVE',
    `Account ${account.id} is ${account.status} and its ${asset} is ${state?.status ?? 'absent'}; both must be ACTIVE.`,
    '/accountId',
  );
}

export function checkInstruction(instruction: InstructionSnapshot, asset: Asset): void {
  const pointer = '/beneficiary/paymentInstructionId';
  if (instruction.removed) {
    throw refuse(
      'PAYMENT_INSTRUCTION_REMOVED',
      `Payment instruction ${instruction.id} was removed.`,
      pointer,
    );
  }
  if (instruction.status !== 'APPROVED') {
    throw refuse(
      'PAYMENT_INSTRUCTION_NOT_APPROVED',
      `Payment instruction ${instruction.id} is ${instruction.status}; only APPROVED instructions can be paid.`,
      pointer,
    );
  }
  if (instruction.asset !== asset) {
    throw refuse(
      'ASSET_MISMATCH',
      `Payment instruction ${instruction.id} receives ${instruction.asset}, not ${asset}.`,
      '/asset',
    );
  }
}

/**
 * A quoted withdrawal pays out the quote's target: `asset` and `amount` (what the beneficiary
 * receives) must be exactly the quote's target asset and amount (422 QUOTE_MISMATCH).
 */
export function checkWithdrawalQuote(quote: QuoteRow, asset: Asset, amount: bigint): void {
  if (quote.target_asset !== asset) {
    throw quoteMismatch(
      `Quote ${quote.id} converts into ${quote.target_asset}; this withdrawal pays out ${asset}.`,
      '/asset',
    );
  }
  if (quote.target_amount !== amount) {
    throw quoteMismatch(
      `Quote ${quote.id} pays out ${formatAmount(quote.target_amount, asset)} ${asset}; the withdrawal asks for ${formatAmount(amount, asset)}.`,
      '/amount',
    );
  }
}

/**
 * A quoted deposit is paid in the quote's source: `asset` and `amount` (what arrives through the
 * rail) must be exactly the quote's source asset and amount (422 QUOTE_MISMATCH).
 */
export function checkDepositQuote(quote: QuoteRow, asset: Asset, amount: bigint): void {
  if (quote.source_asset !== asset) {
    throw quoteMismatch(
      `Quote ${quote.id} converts from ${quote.source_asset}; this deposit is paid in ${asset}.`,
      '/asset',
    );
  }
  if (quote.source_amount !== amount) {
    throw quoteMismatch(
      `Quote ${quote.id} converts ${formatAmount(quote.source_amount, asset)} ${asset}; the deposit is for ${formatAmount(amount, asset)}.`,
      '/amount',
    );
  }
}
