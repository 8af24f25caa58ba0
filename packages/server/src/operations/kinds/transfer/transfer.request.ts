import { formatAmount, parseAmount, requireAssetEnabled, type Asset } from '../../../lib/money.js';
import { parseAssets } from '../../../modules/accounts/index.js';
import { quoteMismatch } from '../../../modules/quotes/index.js';
import { ownAccount } from '../../pipeline/own-account.js';
import { refuse, requireActive } from '../../pipeline/refusals.js';
import { defineRequest } from '../../pipeline/request-kind.js';
import { findUsableQuote } from '../../pipeline/usable-quote.js';
import { conversionOf, type ConversionDetails } from '../shared/conversion.js';
import type { TransferDetails } from './transfer.js';
import { TransferBody } from './transfer.schema.js';
import { transferTerms } from './transfer-terms.js';

const TO = '/destinationAccountId';

/**
 * Transfers between two accounts of one customer (docs/api.md "Transfers"): an amount of one
 * asset 1:1, or a quote of the source account (its source debited, its target credited to the
 * destination). Immediate: REQUESTED → PROCESSING → COMPLETED in the request's transaction with
 * one journal, like a MARKET order; every refusal moves nothing, stores nothing and leaves the
 * quote usable. The operation is the source account's; it names the destination.
 */
export const transferRequest = defineRequest({
  path: '/v1/operations/transfer',
  body: TransferBody,
  summary: 'Transfer between two accounts of the customer, in one asset or through a quote',
  description:
    'Moves `amount` of `asset` from `accountId` to `destinationAccountId` (another account of the same customer), or, with `quoteId` (a quote of the source account), debits the quote\'s source amount and credits its target amount to the destination. Immediate: the operation is COMPLETED in the answer, one ledger journal on both accounts. Refused with nothing moved (and the quote still usable): 422 SAME_ACCOUNT, INSUFFICIENT_BALANCE, BALANCE_LIMIT_EXCEEDED (the destination would pass its maximum), ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED (either account), QUOTE_MISMATCH, QUOTE_EXPIRED, QUOTE_ALREADY_CONSUMED, QUOTE_ACCOUNT_MISMATCH; 404 for an account or quote the customer does not have. Accepts `Idempotency-Key` (docs/api.md "Transfers").',
  attachValidation: true,
  accountId: ({ body }) => body.accountId,
  async draft({ deps, customerId, accounts, account, body, now }) {
    const terms = transferTerms(body);
    if (body.destinationAccountId === account.id) {
      throw refuse(
        'SAME_ACCOUNT',
        `The destination is the source account ${account.id}; a transfer needs two different accounts.`,
        TO,
      );
    }
    // Another customer's account is not there for this one: 404, as the source; so is an account
    // of the customer the client is not bound to (docs/api.md "Clients bound to accounts").
    const destination = await ownAccount(
      deps.db,
      { customerId, accounts },
      body.destinationAccountId,
    );
    let conversion: ConversionDetails | undefined;
    let debit: { asset: Asset; amount: bigint };
    if (terms.kind === 'same-asset') {
      requireAssetEnabled(parseAssets(account), terms.asset, account.id);
      requireAssetEnabled(parseAssets(destination), terms.asset, destination.id, TO);
      debit = { asset: terms.asset, amount: parseAmount(terms.amount, terms.asset) };
    } else {
      // A quote is priced for one account, the one it debits: the source (else
      // QUOTE_ACCOUNT_MISMATCH, as for a swap).
      const quote = await findUsableQuote(deps.db, {
        customerId,
        accountId: account.id,
        quoteId: terms.quoteId,
        now,
      });
      if (quote.source_asset === quote.target_asset) {
        throw quoteMismatch(
          `Quote ${quote.id} converts ${quote.source_asset} into itself; send asset and amount instead.`,
        );
      }
      requireAssetEnabled(parseAssets(account), quote.source_asset, account.id, '/quoteId');
      requireAssetEnabled(parseAssets(destination), quote.target_asset, destination.id, TO);
      conversion = conversionOf(quote);
      debit = { asset: quote.source_asset, amount: quote.source_amount };
    }
    const credit = conversion
      ? { asset: conversion.targetAsset, amount: conversion.targetAmount }
      : debit;
    requireActive(account, debit.asset);
    requireActive(destination, credit.asset, TO);
    const details: TransferDetails = {
      destinationAccountId: destination.id,
      destinationAsset: credit.asset,
      destinationAmount: credit.amount,
      description: body.description ?? null,
      fees: conversion?.fees ?? [],
      ...(conversion ? { conversion } : {}),
    };
    return {
      asset: debit.asset,
      amount: debit.amount,
      details,
      counterpartyAccountId: destination.id,
      activeAssets: [debit.asset],
      quoteId: conversion?.quoteId,
      // The destination read again after the transaction's first write: a freeze or an asset
      // change committed since refuses the transfer, as for the source.
      recheck: async (tx) => {
        const current = await ownAccount(tx.trx, { customerId }, destination.id);
        requireActive(current, credit.asset, TO);
      },
      // Settled at once: the journal is posted when it completes (transfer.ts completed).
      moves: 'COMPLETED',
      insufficient: () =>
        refuse(
          'INSUFFICIENT_BALANCE',
          `The available ${debit.asset} balance of account ${account.id} does not cover ${formatAmount(debit.amount, debit.asset)} ${debit.asset}; nothing was moved${conversion ? ' and the quote was not used' : ''}.`,
          conversion ? '/quoteId' : '/amount',
        ),
    };
  },
});
