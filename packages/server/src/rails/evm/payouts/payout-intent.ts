import type { Tx } from '../../../db/transact.js';
import type { EvmAsset, EvmNetwork } from '../../../config/rails-config.js';
import type { OperationRow, OperationScheduler } from '../../../operations/index.js';
import { cryptoPayoutOf } from '../../../operations/index.js';

/** The payouts job of a network (a fixed id, like the watcher's: one worker per hot wallet). */
export function payoutJobId(network: EvmNetwork): string {
  return `job_00EVMPAY0VTS${network === 'ETHEREUM' ? '00000000000001' : '00000000000002'}`;
}

/**
 * The rail's scheduler: a withdrawal it pays gets its payout intent in the transaction that
 * created it and placed its hold (docs/rails.md "Intent → effect → outcome"), and the payouts job
 * is made due now, unless a worker is running it at this moment (that run's next one, a poll
 * later, sees the intent). Deposits need nothing: the watcher finds their money.
 */
export function payoutScheduler(network: EvmNetwork): OperationScheduler {
  return {
    async requested(tx: Tx, operation: OperationRow) {
      const payout = cryptoPayoutOf(operation);
      if (!payout) return;
      await tx.trx
        .insertInto('rail_evm_payouts')
        .values({
          operation_id: operation.id,
          network,
          customer_id: operation.customer_id,
          asset: operation.asset as EvmAsset,
          amount: operation.amount,
          to_address: payout.address.toLowerCase(),
          status: 'QUEUED',
          nonce: null,
          tx_hash: null,
          waiting: null,
          created_at: operation.created_at,
          updated_at: operation.created_at,
        })
        .execute();
      await tx.trx
        .updateTable('jobs')
        .set({ run_at: operation.created_at })
        .where('id', '=', payoutJobId(network))
        .where('lease_owner', 'is', null)
        .where('run_at', '>', operation.created_at)
        .execute();
    },
  };
}
