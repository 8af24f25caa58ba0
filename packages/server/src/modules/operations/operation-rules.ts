import { AppError, type ErrorCode } from '../../lib/errors.js';
import type { Asset } from '../../lib/money.js';
import { parseAssets, type AccountRow } from '../accounts/accounts.table.js';
import type { InstructionSnapshot } from '../beneficiaries/usable-instruction.js';

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
