import type { Kysely } from 'kysely';

/**
 * Issue 26 point 4: the PIX rail's payouts (rails/pix/payouts, docs/rails.md "PIX payouts").
 * `rail_pix_payouts` holds one intent per withdrawal to a PIX key and per PIX payment, written
 * in the transaction that placed the operation's hold; `id_envio` (the operation id's 26
 * characters) is the id the PSP deduplicates sends on, unique so no two intents share one;
 * `attempts` is written before every send, so a payout that may have reached the PSP is looked
 * up there before anything is sent again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rail_pix_payouts')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('id_envio', 'text', (c) => c.notNull().unique())
    .addColumn('adapter', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('end_to_end_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_pix_payouts_status')
    .on('rail_pix_payouts')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rail_pix_payouts').execute();
}
