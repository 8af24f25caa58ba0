import type { Kysely } from 'kysely';

/**
 * Issue 25: the EVM rail's sweeps (rails/evm/sweeps, docs/rails.md "Sweeping"), intent → effect
 * → outcome like the payouts:
 * - `rail_evm_sweeps`: one per movement of a deposit address's tokens into the hot wallet,
 *   written before anything is signed, with the fee caps its funding covers and what became of it;
 * - `rail_evm_sweep_txs`: every transaction signed for a sweep (the hot wallet's funding, its
 *   fee replacements, and the address's token transfer), stored before it is broadcast;
 * - `rail_evm_sweep_looks`: per network, when the sweep job last looked for balances to sweep.
 * No ledger table is touched: a sweep moves the house's custody, not a customer's balance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rail_evm_sweeps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('child_index', 'bigint', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('token_amount', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('funding_value', 'text', (c) => c.notNull())
    .addColumn('max_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('max_priority_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('funding_nonce', 'bigint')
    .addColumn('sweep_nonce', 'bigint')
    .addColumn('tx_hash', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_evm_sweeps_status')
    .on('rail_evm_sweeps')
    .columns(['network', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('rail_evm_sweeps_address')
    .on('rail_evm_sweeps')
    .columns(['network', 'address'])
    .execute();
  await db.schema
    .createTable('rail_evm_sweep_txs')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('sweep_id', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('leg', 'text', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('max_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('max_priority_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('broadcast_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('rail_evm_sweep_txs_sweep')
    .on('rail_evm_sweep_txs')
    .columns(['sweep_id', 'leg', 'created_at'])
    .execute();
  await db.schema
    .createTable('rail_evm_sweep_looks')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('looked_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rail_evm_sweep_looks', 'rail_evm_sweep_txs', 'rail_evm_sweeps']) {
    await db.schema.dropTable(table).execute();
  }
}
