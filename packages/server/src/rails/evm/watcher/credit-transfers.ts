import type { Tx } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import { eip55 } from '../../../lib/crypto-addresses.js';
import {
  creditArrivedDeposit,
  depositSeen,
  openArrivedDeposit,
  PRODUCTION_DEPOSIT_TTL_MS,
  setDepositOnChain,
} from '../../../operations/index.js';
import { onChainOf, type SightingDeps } from './record-transfers.js';

/** Transfers credited per run at most: a run's transaction stays short; the next run goes on. */
export const CREDITS_PER_RUN = 200;

/**
 * Credits the transfers whose block has `confirmations` (head − block + 1 ≥ confirmations), in
 * the watcher's transaction, after this run's reorg check confirmed the stored blocks are still
 * the chain's. Each is a compare-and-set PENDING → CREDITED on the transfer (in the block it was
 * seen in), then the deposit's credit: a transfer is credited once, whatever runs or crashes.
 * A deposit that can no longer take the credit (the back-office failed it meanwhile) does not
 * swallow the money: the transfer gets a deposit of its own. The transfers still waiting get
 * their current confirmation count.
 */
export async function creditConfirmed(
  tx: Tx,
  deps: SightingDeps,
  input: { head: number; confirmations: number; at: number },
): Promise<number> {
  const lastFinal = input.head - input.confirmations + 1;
  const pending = await tx.trx
    .selectFrom('rail_evm_transfers')
    .selectAll()
    .where('network', '=', deps.network)
    .where('status', '=', 'PENDING')
    .orderBy('block_number')
    .orderBy('log_index')
    .limit(CREDITS_PER_RUN)
    .execute();
  let credited = 0;
  for (const row of pending) {
    if (row.block_number === null || row.operation_id === null) continue;
    const onChain = onChainOf(
      deps.network,
      { transactionHash: row.tx_hash, logIndex: row.log_index, blockNumber: row.block_number },
      input.head,
    );
    if (row.block_number > lastFinal) {
      await setDepositOnChain(tx, row.operation_id, onChain);
      continue;
    }
    const moved = await tx.trx
      .updateTable('rail_evm_transfers')
      .set({ status: 'CREDITED', credited_at: input.at, updated_at: input.at })
      .where('network', '=', deps.network)
      .where('tx_hash', '=', row.tx_hash)
      .where('log_index', '=', row.log_index)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) continue;
    const credit = { amount: row.amount, onChain, at: input.at };
    if (!(await creditArrivedDeposit(tx, deps, row.operation_id, credit))) {
      const own = await openArrivedDeposit(tx, deps, {
        customerId: row.customer_id,
        accountId: row.account_id,
        asset: row.asset,
        amount: row.amount,
        fundingInstruction: {
          rail: 'CRYPTO',
          network: deps.network,
          address: eip55(row.to_address.slice(2)),
        },
        expiresAt: input.at + PRODUCTION_DEPOSIT_TTL_MS,
        at: input.at,
      });
      await depositSeen(tx, deps, own, onChain, input.at);
      await creditArrivedDeposit(tx, deps, own, credit);
      await tx.trx
        .updateTable('rail_evm_transfers')
        .set({ operation_id: own })
        .where('network', '=', deps.network)
        .where('tx_hash', '=', row.tx_hash)
        .where('log_index', '=', row.log_index)
        .execute();
    }
    credited++;
  }
  return credited;
}

/**
 * A reorg replaced the blocks above `fork`: what was seen there and not credited goes back to
 * waiting (VANISHED, its deposit's `onChain` cleared; seen again, it is the same transfer). What
 * was already credited is not reversed — the reorg was deeper than the confirmations — and is
 * returned for the caller to report.
 */
export async function unseeAbove(
  tx: Tx,
  network: EvmNetwork,
  input: { fork: number; at: number },
): Promise<{
  vanished: number;
  deep: { txHash: string; logIndex: number; operationId: string | null }[];
}> {
  const above = await tx.trx
    .selectFrom('rail_evm_transfers')
    .select(['tx_hash', 'log_index', 'status', 'operation_id'])
    .where('network', '=', network)
    .where('block_number', '>', input.fork)
    .where('status', 'in', ['PENDING', 'CREDITED'])
    .execute();
  const deep = above
    .filter((row) => row.status === 'CREDITED')
    .map((row) => ({
      txHash: row.tx_hash,
      logIndex: row.log_index,
      operationId: row.operation_id,
    }));
  await tx.trx
    .updateTable('rail_evm_transfers')
    .set({ status: 'VANISHED', block_number: null, block_hash: null, updated_at: input.at })
    .where('network', '=', network)
    .where('block_number', '>', input.fork)
    .where('status', '=', 'PENDING')
    .execute();
  for (const row of above) {
    if (row.status === 'PENDING' && row.operation_id)
      await setDepositOnChain(tx, row.operation_id, null);
  }
  return { vanished: above.length - deep.length, deep };
}
