import { newId } from '../../../lib/ids.js';
import { formatAmount, requireAssetEnabled } from '../../../lib/money.js';
import { parseAssets } from '../../../modules/accounts/index.js';
import { lookupRecipient } from '../../../modules/pix/index.js';
import { feeLines, feeTotal } from '../../../pricing/index.js';
import { insufficientBalance, requireActive } from '../../pipeline/refusals.js';
import { defineRequest, type OperationDraft } from '../../pipeline/request-kind.js';
import type { PixPaymentDetails } from './pix-payment.js';
import { PixPaymentBody } from './pix-payment.body.js';
import { pixPaymentTarget } from './pix-payment-target.js';

/**
 * A PIX payment (docs/api.md "PIX payments"): REQUESTED with amount + fees held, like a
 * withdrawal, to a key looked up in the directory (or read from a BR Code). Every refusal — a bad
 * body, an unknown key, an inactive account, an insufficient balance — moves nothing.
 */
export const pixPaymentRequest = defineRequest({
  path: '/v1/operations/pixPayment',
  body: PixPaymentBody,
  attachValidation: true,
  summary: 'Pay a PIX key or a PIX copy-and-paste code',
  description:
    'Give `pixKey` and `amount`, or `brCode` (its amount is used; `amount` only for a code without one, or equal to it). Answers the operation, REQUESTED, with the amount plus any PIX_PAYMENT fee held; then PROCESSING with an `endToEndId`, then COMPLETED or FAILED (hold released). Refused with nothing moved: 400 INVALID_DATA, INVALID_BR_CODE; 404 PIX_KEY_NOT_FOUND; 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED, BR_CODE_AMOUNT_MISMATCH. Accepts `Idempotency-Key` (docs/api.md "PIX payments").',
  accountId: ({ body }) => body.accountId,
  async draft({ deps, account, body, now }): Promise<OperationDraft> {
    const target = pixPaymentTarget(body);
    requireAssetEnabled(parseAssets(account), 'BRL', account.id);
    requireActive(account, 'BRL');
    const pointer = target.brCode === null ? '/pixKey/key' : '/brCode';
    const recipient = await lookupRecipient(deps.db, deps.pixDirectory, target.pixKey, pointer);
    const holdId = newId('hold', now);
    const fees = feeLines(deps.fees.PIX_PAYMENT, target.amount, 'BRL');
    const held = target.amount + feeTotal(fees);
    const details: PixPaymentDetails = {
      pixKey: target.pixKey,
      recipient,
      brCode: target.brCode,
      txid: target.txid,
      description: body.description ?? null,
      holdId,
      endToEndId: null,
      fees,
    };
    return {
      asset: 'BRL',
      amount: target.amount,
      details,
      activeAssets: ['BRL'],
      hold: { holdId, asset: 'BRL', amount: held, description: body.description ?? 'PIX payment' },
      insufficient: () =>
        insufficientBalance(
          `The available BRL balance does not cover ${formatAmount(held, 'BRL')}` +
            (fees.length > 0 ? ' (the amount plus its fees).' : '.'),
        ),
    };
  },
});
