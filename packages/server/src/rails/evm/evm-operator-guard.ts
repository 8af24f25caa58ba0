import type { EvmNetwork } from '../../config/rails-config.js';
import type { OperatorGuard } from '../../operations/index.js';
import { movePayout } from './payouts/payouts.repository.js';

/**
 * What the back-office may still do by hand on an operation the EVM rail settles (docs/rails.md
 * "The back-office and rails"): fail a deposit no transfer was seen for, or a withdrawal whose
 * payout is not signed yet (its intent is failed with it, in the same transaction, so the payouts
 * job never signs it). Never mark one received or paid: the chain says that, once.
 */
export function evmOperatorGuard(network: EvmNetwork, name: string): OperatorGuard {
  const settledBy = `it settles through the rail ${name} (docs/rails.md)`;
  return async (tx, operation, step) => {
    if (operation.type === 'DEPOSIT') {
      if (step !== 'fail') {
        return `Deposit ${operation.id} is credited by the chain when its transfer is confirmed; ${settledBy}.`;
      }
      return operation.status === 'REQUESTED'
        ? undefined
        : `A transfer to deposit ${operation.id} was seen on chain; ${settledBy}.`;
    }
    if (step !== 'fail') {
      return `Withdrawal ${operation.id} is paid by the hot wallet and completed by its receipt; ${settledBy}.`;
    }
    const at = operation.updated_at;
    const cancelled = await movePayout(tx.trx, operation.id, 'QUEUED', {
      status: 'FAILED',
      updated_at: at,
    });
    if (cancelled) return undefined;
    const payout = await tx.trx
      .selectFrom('rail_evm_payouts')
      .select(['status', 'nonce'])
      .where('operation_id', '=', operation.id)
      .where('network', '=', network)
      .executeTakeFirst();
    return payout
      ? `The payout of withdrawal ${operation.id} is ${payout.status} (nonce ${payout.nonce}); only its receipt decides now; ${settledBy}.`
      : undefined;
  };
}
