import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { PayoutStatus } from '../evm.tables.js';

/** Payouts of `network` in `status`, oldest first (the order nonces are given in). */
export function payoutsIn(db: Db | Trx, network: EvmNetwork, status: PayoutStatus, limit = 100) {
  return db
    .selectFrom('rail_evm_payouts')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', status)
    .orderBy('created_at')
    .orderBy('operation_id')
    .limit(limit)
    .execute();
}

/** Every transaction signed for a payout, newest first. */
export function payoutTxs(db: Db | Trx, operationId: string) {
  return db
    .selectFrom('rail_evm_payout_txs')
    .selectAll()
    .where('operation_id', '=', operationId)
    .orderBy('created_at', 'desc')
    .orderBy('hash')
    .execute();
}

/** What the payouts signed and not final hold back: per asset (minor units), and how many. */
export async function inFlight(db: Db | Trx, network: EvmNetwork) {
  const rows = await db
    .selectFrom('rail_evm_payouts')
    .select(['asset', 'amount'])
    .where('network', '=', network)
    .where('status', 'in', ['SIGNED', 'SENT'])
    .execute();
  const byAsset = new Map<string, bigint>();
  for (const row of rows) byAsset.set(row.asset, (byAsset.get(row.asset) ?? 0n) + row.amount);
  return { byAsset, count: rows.length };
}

/** A payout moves on only from the state it was read in (a compare-and-set). */
export async function movePayout(
  trx: Trx,
  operationId: string,
  from: PayoutStatus,
  set: {
    status: PayoutStatus;
    nonce?: number;
    tx_hash?: string;
    waiting?: string | null;
    updated_at: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('rail_evm_payouts')
    .set(set)
    .where('operation_id', '=', operationId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why queued payouts wait (null: they do not), for metrics and the back-office. */
export async function markWaiting(
  db: Db | Trx,
  network: EvmNetwork,
  operationIds: readonly string[],
  waiting: string | null,
  at: number,
): Promise<void> {
  if (operationIds.length === 0) return;
  await db
    .updateTable('rail_evm_payouts')
    .set({ waiting, updated_at: at })
    .where('network', '=', network)
    .where('status', '=', 'QUEUED')
    .where('operation_id', 'in', operationIds)
    .execute();
}

/**
 * Takes the hot wallet's next nonce in the caller's transaction (the row is created from the
 * chain's mined count the first time): the only place nonces come from, so two payouts never
 * share one and a crash never hands one out twice.
 */
export async function takeNonce(
  trx: Trx,
  input: { network: EvmNetwork; address: string; chainNonce: number; at: number },
): Promise<number> {
  await trx
    .insertInto('rail_evm_wallets')
    .values({
      network: input.network,
      address: input.address,
      next_nonce: input.chainNonce,
      updated_at: input.at,
    })
    .onConflict((oc) => oc.column('network').doNothing())
    .execute();
  const row = await trx
    .updateTable('rail_evm_wallets')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1), updated_at: input.at }))
    .where('network', '=', input.network)
    .returning(['next_nonce', 'address'])
    .executeTakeFirstOrThrow();
  if (row.address !== input.address) {
    throw new Error(
      `the hot wallet of ${input.network} was ${row.address}; COFRE_EVM_HOT_WALLET_KEY_FILE now holds the key of ${input.address} (docs/rails.md "Changing the hot wallet")`,
    );
  }
  return row.next_nonce - 1;
}
