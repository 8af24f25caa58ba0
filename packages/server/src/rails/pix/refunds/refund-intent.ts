import type { Tx } from '../../../db/transact.js';
import type { Clock } from '../../../lib/clock.js';
import { parsePixRefund, type OperationRow } from '../../../operations/index.js';
import { dueNow } from '../charges/charge-intent.js';
import type { PixIntent } from '../pix-intents.js';
import { PIX_JOB_IDS } from '../pix-job-ids.js';
import { txidOf } from '../pix-values.js';
import { refundOperatorGuard } from './refund-operator-guard.js';

/**
 * A refund of a Pix the rail credited goes back through the PSP (docs/rails.md "PIX: refunds"):
 * its devolução intent is written in the transaction that created the refund — with its hold and
 * the deposit's refund count — and the refunds job is made due now. The PSP is never called
 * inside the request.
 *
 * `serves` sees only the refund's row, so it takes every BRL refund; whether the rail settles one
 * is decided here, from the database: only a refund of a deposit the rail credited (its Pix in
 * rail_pix_received, CREDITED or OWN_DEPOSIT) gets an intent. Any other (a deposit received by
 * the back-office before the rail was configured) has none and stays on the back-office, whose
 * steps the guard then lets through.
 */
export function refundIntent(deps: { clock: Clock }): PixIntent {
  return {
    name: 'refund',
    serves: (operation) => operation.type === 'PIX_REFUND' && operation.asset === 'BRL',
    operatorGuard: refundOperatorGuard(deps.clock),
    async requested(tx: Tx, operation: OperationRow) {
      const { originalOperationId, reason } = parsePixRefund(operation.details);
      const received = await tx.trx
        .selectFrom('rail_pix_received')
        .select('end_to_end_id')
        .where('operation_id', '=', originalOperationId)
        .where('outcome', 'in', ['CREDITED', 'OWN_DEPOSIT'])
        .executeTakeFirst();
      if (!received) return;
      await tx.trx
        .insertInto('rail_pix_refunds')
        .values({
          operation_id: operation.id,
          end_to_end_id: received.end_to_end_id,
          // DevolucaoId is [a-zA-Z0-9]{1,35}: the refund's id without its prefix fits, and is
          // the same on every attempt, so the PSP's "id already used" names our own earlier PUT.
          devolucao_id: txidOf(operation.id),
          amount: operation.amount,
          // FreeText(140) already: API Pix allows 140 characters to the payer.
          descricao: reason,
          status: 'QUEUED',
          rtr_id: null,
          motivo: null,
          last_error: null,
          sending_at: null,
          polls: 0,
          poll_at: null,
          created_at: operation.created_at,
          updated_at: operation.created_at,
        })
        .execute();
      await dueNow(tx, PIX_JOB_IDS.refunds, operation.created_at);
    },
  };
}
