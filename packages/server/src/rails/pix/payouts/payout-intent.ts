import type { Tx } from '../../../db/transact.js';
import type { OperationRow } from '../../../operations/index.js';
import { dueNow } from '../charges/charge-intent.js';
import type { PixIntent } from '../pix-intents.js';
import { PIX_JOB_IDS } from '../pix-job-ids.js';
import { txidOf } from '../pix-values.js';
import { payoutOperatorGuard } from './payout-operator-guard.js';
import { pixPayoutOf } from './payout-target.js';

/**
 * The rail's scheduler for payouts (docs/rails.md "PIX payouts"): a BRL withdrawal to a PIX key
 * or a PIX payment gets its payout intent in the transaction that created it and placed its hold
 * (docs/rails.md "Intent → effect → outcome"), and the payouts job is made due now, unless a
 * worker runs it at this moment (that run's next one sees the intent). The PSP is never called
 * inside the request. Only with COFRE_PIX_PAYOUT_ADAPTER set: `adapter` is its name, kept on the
 * row so that only that adapter ever sends or looks the payout up.
 */
export function payoutIntent(adapter: string): PixIntent {
  return {
    name: 'payout',
    serves: (operation) => pixPayoutOf(operation) !== undefined,
    operatorGuard: payoutOperatorGuard,
    async requested(tx: Tx, operation: OperationRow) {
      const payout = pixPayoutOf(operation);
      if (payout === undefined) return;
      await tx.trx
        .insertInto('rail_pix_payouts')
        .values({
          operation_id: operation.id,
          id_envio: txidOf(operation.id),
          adapter,
          customer_id: operation.customer_id,
          amount: operation.amount,
          target: JSON.stringify(payout.target),
          description: payout.description,
          status: 'QUEUED',
          attempts: 0,
          sent_at: null,
          checked_at: null,
          end_to_end_id: null,
          last_error: null,
          created_at: operation.created_at,
          updated_at: operation.created_at,
        })
        .execute();
      await dueNow(tx, PIX_JOB_IDS.payouts, operation.created_at);
    },
  };
}
