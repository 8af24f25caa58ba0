import { checkDepositQuote, insufficientBalance } from '../../pipeline/refusals.js';
import { defineRequest } from '../../pipeline/request-kind.js';
import { optionallyQuoted } from '../../pipeline/optionally-quoted.js';
import { conversionOf } from '../shared/conversion.js';
import { depositFunding, type DepositDetails } from './deposit.js';
import { DepositBody } from './deposit.schema.js';

/**
 * A deposit: REQUESTED, with where and until when to pay. No money moves yet. With a quote the
 * deposit is paid in the quote's source asset and credited in its target asset; the quote is
 * consumed now, so its rate holds until the deposit completes or expires. Expiry is no sandbox
 * feature: every deposit unpaid at `expiresAt` fails, in production too.
 */
export const depositRequest = defineRequest({
  path: '/v1/operations/deposit',
  body: DepositBody,
  summary: 'Request a deposit',
  description:
    'Answers the operation, REQUESTED, with its `fundingInstruction` (a PIX key and copy-and-paste code for BRL, a wallet address for crypto) valid until `expiresAt`. Accepts `Idempotency-Key` (docs/api.md "Deposits").',
  accountId: ({ body }) => body.accountId,
  async draft({ deps, customerId, account, body, id, now }) {
    // The account is credited the quote's target asset; it need not hold the source at all.
    const { amount, quote } = await optionallyQuoted(
      { deps, customerId, account, now },
      body,
      (q) => q.target_asset,
      checkDepositQuote,
    );
    const expiresAt = now + deps.depositTtlMs(amount);
    const conversion = quote && conversionOf(quote);
    const details: DepositDetails = {
      fundingInstruction: depositFunding(
        await deps.funding.standing({ id: account.id, customerId }, body.asset),
        amount,
        id,
      ),
      expiresAt,
      receivedAmount: null,
      ...(conversion ? { fees: conversion.fees, conversion } : {}),
    };
    return {
      asset: body.asset,
      amount,
      details,
      activeAssets: [quote?.target_asset ?? body.asset],
      quoteId: conversion?.quoteId,
      afterRequested: async (tx, row) => {
        await deps.queue.enqueue(tx, [
          { kind: 'operation.deposit.expire', queue: row.id, subjectId: row.id, runAt: expiresAt },
        ]);
      },
      insufficient: () => insufficientBalance('A deposit holds nothing.'),
    };
  },
});
