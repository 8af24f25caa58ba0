import type { Kysely } from 'kysely';

/**
 * Issue 26 point 3: refunds of Pix the PIX rail credited, through the PSP (rails/pix/refunds,
 * docs/rails.md "PIX: refunds"):
 * - `rail_pix_refunds`: one devolução per refund operation, written with it (the intent), keyed
 *   at the PSP by (the original Pix's endToEndId, the refund's id without its prefix);
 * - `rail_pix_unrequested_refunds`: refunds the PSP reports of cofre's Pix under ids cofre never
 *   used (MED returns, refunds made by hand at the PSP), kept for the reconciliation report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rail_pix_refunds')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('end_to_end_id', 'text', (c) => c.notNull())
    .addColumn('devolucao_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('descricao', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rtr_id', 'text')
    .addColumn('motivo', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sending_at', 'bigint')
    .addColumn('polls', 'integer', (c) => c.notNull())
    .addColumn('poll_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('rail_pix_refunds_devolucao', ['end_to_end_id', 'devolucao_id'])
    .execute();
  await db.schema
    .createIndex('rail_pix_refunds_status')
    .on('rail_pix_refunds')
    .columns(['status', 'poll_at', 'created_at'])
    .execute();
  await db.schema
    .createTable('rail_pix_unrequested_refunds')
    .addColumn('end_to_end_id', 'text', (c) => c.notNull())
    .addColumn('devolucao_id', 'text', (c) => c.notNull())
    .addColumn('rtr_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('natureza', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('motivo', 'text')
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rail_pix_unrequested_refunds_pk', ['end_to_end_id', 'devolucao_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rail_pix_unrequested_refunds').execute();
  await db.schema.dropTable('rail_pix_refunds').execute();
}
