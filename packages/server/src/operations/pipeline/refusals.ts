import { AppError, type ErrorCode } from '../../lib/errors.js';
import { formatAmount, type Asset } from '../../lib/money.js';
import { parseAssets, type AccountRow } from '../../modules/accounts/index.js';
import type { InstructionSnapshot } from '../../modules/beneficiaries/index.js';
import { quoteMismatch } from '../../modules/quotes/index.js';
import type { QuoteRow } from '../../modules/quotes/index.js';

/**
 * The one refusal shape of every operation kind: problem+json with the stable `code` (its status
 * comes from the code, lib/errors.ts: 422 for a business rule), a `detail` saying what to change,
 * and one `errors` entry pointing at the request field it is about (docs/api.md "Errors").
 */
export const refuse = (
  code: ErrorCode,
  detail: string,
  pointer: string,
  where: 'body' | 'path' = 'body',
): AppError => new AppError(code, { detail, errors: [{ pointer, in: where, code, detail }] });

export const insufficientBalance = (detail: string): AppError =>
  refuse('INSUFFICIENT_BALANCE', detail, '/amount');

/**
 * 422 ACCOUNT_NOT_ACTIVE unless the account and this asset of it are ACTIVE; `pointer` names the
 * field that gave the account (a transfer's destination is `/destinationAccountId`).
 */
export function requireActive(account: AccountRow, asset: Asset, pointer = '/accountId'): void {
  const state = parseAssets(account).find((a) => a.asset === asset);
  if (account.status === 'ACTIVE' && state?.status === 'ACTIVE') return;
  throw refuse(
    'ACCOUNT_NOT_ACTIVE',
    `Account ${account.id} is ${account.status} and its ${asset} is ${state?.status ?? 'absent'}; both must be ACTIVE.`,
    pointer,
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
