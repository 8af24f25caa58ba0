import type { Kysely } from 'kysely';

/**
 * Issue 25: the EVM rail's payouts (rails/evm/payouts, docs/rails.md "Payouts"), intent →
 * effect → outcome:
 * - `rail_evm_payouts`: one per withdrawal the rail pays, written in the transaction that placed
 *   its hold (the intent); its nonce once signed, and what became of it;
 * - `rail_evm_payout_txs`: every transaction signed for a payout (the first, and each fee
 *   replacement at the same nonce), stored before it is broadcast, so after a crash the same
 *   bytes are sent again and every hash that may have been mined is checked;
 * - `rail_evm_wallets`: the hot wallet's next nonce, the one source of nonces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rail_evm_wallets')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rail_evm_payouts')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('nonce', 'bigint')
    .addColumn('tx_hash', 'text')
    .addColumn('waiting', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_evm_payouts_status')
    .on('rail_evm_payouts')
    .columns(['network', 'status', 'created_at'])
    .execute();
  await db.schema
    .createTable('rail_evm_payout_txs')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('operation_id', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('max_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('max_priority_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('broadcast_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('rail_evm_payout_txs_operation')
    .on('rail_evm_payout_txs')
    .columns(['operation_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rail_evm_payout_txs', 'rail_evm_payouts', 'rail_evm_wallets']) {
    await db.schema.dropTable(table).execute();
  }
}
