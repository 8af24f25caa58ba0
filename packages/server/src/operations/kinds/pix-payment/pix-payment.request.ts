import { ownAccount, recordRequested, requestedRow } from '../../pipeline/record-requested.js';
import { transact } from '../../../db/transact.js';
import { placeHold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { formatAmount, requireAssetEnabled } from '../../../lib/money.js';
import { feeLines, feeTotal } from '../../../pricing/fees.js';
import { parseAssets } from '../../../modules/accounts/accounts.table.js';
import type { CompleteIdempotent } from '../../../modules/idempotency/idempotency.service.js';
import {
  maskedRecipient,
  type PixDirectory,
  type PixRecipient,
} from '../../../modules/pix/pix-directory.js';
import type { PixKey } from '../../../modules/pix/pix-key.js';
import type { ExchangeDeps } from '../../operation-deps.js';
import type { PixPaymentDetails } from './pix-payment.js';
import { insufficientBalance, requireActive } from '../../pipeline/refusals.js';
import { insertOperation } from '../../operations.repository.js';
import type { Operation } from '../../operations.schemas.js';
import { pixPaymentTarget } from './pix-payment-target.js';
import type { PixPaymentBody } from './pix-payment.body.js';

export const pixKeyNotFound = (key: PixKey, pointer?: string): AppError =>
  new AppError('PIX_KEY_NOT_FOUND', {
    detail: `No PIX account is registered for the ${key.keyType} key ${key.key}.`,
    ...(pointer === undefined
      ? {}
      : {
          errors: [
            {
              pointer,
              in: 'body' as const,
              code: 'PIX_KEY_NOT_FOUND',
              detail: `No PIX account is registered for this key.`,
            },
          ],
        }),
  });

/** PIX payments (docs/api.md "PIX payments") and key look-ups, over one directory. */
export class PixPaymentsService {
  constructor(
    private readonly deps: ExchangeDeps,
    private readonly directory: PixDirectory,
  ) {}

  /** The directory's masked answer for a normalised key; 404 PIX_KEY_NOT_FOUND when unknown. */
  async lookup(key: PixKey, pointer?: string): Promise<PixRecipient> {
    const entry = await this.directory.lookup(this.deps.db, key);
    if (!entry) throw pixKeyNotFound(key, pointer);
    return maskedRecipient(entry);
  }

  /**
   * A PIX payment: REQUESTED with amount + fees held, in one transaction that ends with the hold
   * (the conditional UPDATE that refuses an overdraft), like a withdrawal. Every refusal — a bad
   * body, an unknown key, an inactive account, an insufficient balance — moves nothing.
   */
  async pay(
    customerId: string,
    input: PixPaymentBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Operation }> {
    const target = pixPaymentTarget(input);
    const account = await ownAccount(this.deps.db, customerId, input.accountId);
    requireAssetEnabled(parseAssets(account), 'BRL', account.id);
    requireActive(account, 'BRL');
    const recipient = await this.lookup(
      target.pixKey,
      target.brCode === null ? '/pixKey/key' : '/brCode',
    );

    const now = this.deps.clock.now();
    const id = newId('operation', now);
    const holdId = newId('hold', now);
    const fees = feeLines(this.deps.fees.PIX_PAYMENT, target.amount, 'BRL');
    const held = target.amount + feeTotal(fees);
    const details: PixPaymentDetails = {
      pixKey: target.pixKey,
      recipient,
      brCode: target.brCode,
      txid: target.txid,
      description: input.description ?? null,
      holdId,
      endToEndId: null,
      fees,
    };
    const row = requestedRow({
      id,
      customerId,
      accountId: account.id,
      type: 'PIX_PAYMENT',
      asset: 'BRL',
      amount: target.amount,
      details,
      now,
    });
    // Write first, hold last (operations.service.ts `withdraw` says why): the insert takes
    // SQLite's write lock before any read; the contended balance row is updated just before
    // commit. A refusal anywhere throws and rolls all of it back.
    const body = await transact(this.deps.db, async (tx) => {
      await insertOperation(tx.trx, row);
      requireActive(await ownAccount(tx.trx, customerId, account.id), 'BRL');
      const view = await recordRequested(tx, this.deps, row, complete);
      const hold = await placeHold(tx.trx, {
        holdId,
        accountId: account.id,
        asset: 'BRL',
        amount: held,
        operationId: id,
        description: input.description ?? 'PIX payment',
        at: now,
      });
      if (hold.kind === 'insufficient') {
        throw insufficientBalance(
          `The available BRL balance does not cover ${formatAmount(held, 'BRL')}` +
            (fees.length > 0 ? ' (the amount plus its fees).' : '.'),
        );
      }
      return view;
    });
    return { status: 201, body };
  }
}
