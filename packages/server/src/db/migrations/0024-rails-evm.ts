import type { Kysely } from 'kysely';

/**
 * Issue 25: the EVM rail's own records (rails/evm, docs/rails.md), one network per row set.
 * - `rail_evm_chains`: per network, the next child index to give an address, and the watcher's
 *   cursor (the last block read) and the head it last saw;
 * - `rail_evm_addresses`: (account, asset) → child 0/n and its address, assigned once;
 * - `rail_evm_blocks`: the hashes of the blocks read within the confirmation depth (reorgs);
 * - `rail_evm_transfers`: every token transfer seen to one of cofre's addresses, once per
 *   (transaction hash, log index), with its state and the deposit it settles.
 * Amounts on chain are uint256, wider than any integer column: they are kept as decimal text;
 * cofre's minor units are bigint as everywhere else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rail_evm_chains')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('next_child_index', 'bigint', (c) => c.notNull())
    .addColumn('cursor_block', 'bigint')
    .addColumn('head_block', 'bigint')
    .addColumn('head_seen_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rail_evm_addresses')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('child_index', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rail_evm_addresses_pk', ['network', 'account_id', 'asset'])
    .addUniqueConstraint('rail_evm_addresses_child', ['network', 'child_index'])
    .addUniqueConstraint('rail_evm_addresses_address', ['network', 'address'])
    .execute();
  await db.schema
    .createTable('rail_evm_blocks')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rail_evm_blocks_pk', ['network', 'number'])
    .execute();
  await db.schema
    .createTable('rail_evm_transfers')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('token_amount', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('remainder', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint')
    .addColumn('block_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addColumn('credited_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rail_evm_transfers_pk', ['network', 'tx_hash', 'log_index'])
    .execute();
  // The watcher's questions: what waits for confirmations, and what was seen above a fork.
  await db.schema
    .createIndex('rail_evm_transfers_status')
    .on('rail_evm_transfers')
    .columns(['network', 'status', 'block_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rail_evm_transfers',
    'rail_evm_blocks',
    'rail_evm_addresses',
    'rail_evm_chains',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
