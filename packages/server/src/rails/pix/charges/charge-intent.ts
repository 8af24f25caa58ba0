import type { Tx } from '../../../db/transact.js';
import type { OperationRow } from '../../../operations/index.js';
import { parseDeposit } from '../../../operations/index.js';
import type { PixIntent } from '../pix-intents.js';
import { PIX_JOB_IDS } from '../pix-job-ids.js';
import { depositOperatorGuard } from './deposit-operator-guard.js';
import { txidOf } from '../pix-values.js';

/**
 * The rail's scheduler: a BRL deposit gets its charge intent in the transaction that created it
 * (docs/rails.md "Intent → effect → outcome"), and the charges job is made due now, unless a
 * worker is running it at this moment (that run's next one, a poll later, sees the intent). The
 * PSP is never called inside the request: the deposit answers with `brCode: null` and gets its
 * code, with OPERATION_FUNDING_INSTRUCTION_READY, when the charge exists.
 */
export const chargeIntent: PixIntent = {
  name: 'charge',
  serves: (operation) => operation.type === 'DEPOSIT' && operation.asset === 'BRL',
  operatorGuard: depositOperatorGuard,
  async requested(tx: Tx, operation: OperationRow) {
    const { expiresAt } = parseDeposit(operation.details);
    await tx.trx
      .insertInto('rail_pix_charges')
      .values({
        operation_id: operation.id,
        txid: txidOf(operation.id),
        customer_id: operation.customer_id,
        account_id: operation.account_id,
        amount: operation.amount,
        expires_at: expiresAt,
        status: 'QUEUED',
        br_code: null,
        revisao: null,
        last_error: null,
        created_at: operation.created_at,
        updated_at: operation.created_at,
      })
      .execute();
    await dueNow(tx, PIX_JOB_IDS.charges, operation.created_at);
  },
};

/** Makes a standing job due at `at` unless a worker holds it now (its next run sees the change). */
export async function dueNow(tx: Tx, jobId: string, at: number): Promise<void> {
  await tx.trx
    .updateTable('jobs')
    .set({ run_at: at })
    .where('id', '=', jobId)
    .where('lease_owner', 'is', null)
    .where('run_at', '>', at)
    .execute();
}
