import { notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { formatAmount } from '../../../lib/money.js';
import { findUsableInstruction } from '../../../modules/beneficiaries/index.js';
import { feeLines, feeTotal } from '../../../pricing/index.js';
import {
  checkInstruction,
  checkWithdrawalQuote,
  insufficientBalance,
  requireActive,
} from '../../pipeline/refusals.js';
import { defineRequest } from '../../pipeline/request-kind.js';
import { optionallyQuoted } from '../../pipeline/optionally-quoted.js';
import { conversionOf } from '../shared/conversion.js';
import type { WithdrawalDetails } from './withdrawal.js';
import { WithdrawalBody } from './withdrawal.schema.js';

/**
 * A withdrawal: REQUESTED with the amount and its WITHDRAWAL fee held. With a quote, `asset` and
 * `amount` are what the beneficiary receives (the quote's target) and the hold is on the quote's
 * source. Its draft reads only the database, so it runs inside the operation's transaction
 * (`draftsInTransaction`): the instruction is read once, there, share-locked on PostgreSQL so a
 * removal or a review waits for the commit (and SQLite's write lock is held from BEGIN).
 */
export const withdrawalRequest = defineRequest({
  path: '/v1/operations/withdrawal',
  body: WithdrawalBody,
  summary: 'Request a withdrawal to an approved payment instruction',
  description:
    'Answers the operation, REQUESTED, with the amount held. Refused with nothing moved: 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, PAYMENT_INSTRUCTION_NOT_APPROVED, PAYMENT_INSTRUCTION_REMOVED, ASSET_MISMATCH, ASSET_NOT_ENABLED. Accepts `Idempotency-Key` (docs/api.md "Withdrawals").',
  accountId: ({ body }) => body.accountId,
  draftsInTransaction: true,
  async draft({ deps, customerId, account, body, now }) {
    // The account pays the quote's source asset.
    const { amount, quote } = await optionallyQuoted(
      { deps, customerId, account, now },
      body,
      (q) => q.source_asset,
      checkWithdrawalQuote,
    );
    const ids = [customerId, body.beneficiary.id, body.beneficiary.paymentInstructionId] as const;
    const found = await findUsableInstruction(deps.db, ...ids, deps.dialect);
    if (!found) throw notFound('Payment instruction', body.beneficiary.paymentInstructionId);
    const conversion = quote && conversionOf(quote);
    // What the account pays: the amount itself, or the quote's source amount.
    const debitedAsset = conversion?.sourceAsset ?? body.asset;
    const debited = conversion?.sourceAmount ?? amount;
    requireActive(account, debitedAsset);
    checkInstruction(found, body.asset);

    const withdrawalFees = feeLines(deps.fees.WITHDRAWAL, debited, debitedAsset);
    const holdAmount = debited + feeTotal(withdrawalFees);
    const holdId = newId('hold', now);
    const details: WithdrawalDetails = {
      beneficiary: {
        id: found.beneficiaryId,
        paymentInstructionId: found.id,
        holder: found.holder,
        paymentInstruction: { rail: found.rail, asset: found.asset, ...found.details },
      },
      description: body.description ?? null,
      holdId,
      endToEndId: null,
      fees: [...(conversion?.fees ?? []), ...withdrawalFees],
      ...(conversion ? { conversion } : {}),
    };
    return {
      asset: body.asset,
      amount,
      details,
      activeAssets: [debitedAsset],
      quoteId: conversion?.quoteId,
      hold: {
        holdId,
        asset: debitedAsset,
        amount: holdAmount,
        description: body.description ?? 'Withdrawal',
      },
      insufficient: () => {
        const what = conversion ? "the quote's source amount" : 'the amount';
        const fees = withdrawalFees.length > 0 ? ' and the withdrawal fee' : '';
        return insufficientBalance(
          `The available ${debitedAsset} balance does not cover ${formatAmount(holdAmount, debitedAsset)} (${what}${fees}).`,
        );
      },
    };
  },
});
