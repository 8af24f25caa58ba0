import type { Kysely } from 'kysely';

/**
 * Issue 26: the PIX rail's records (rails/pix, docs/rails.md "PIX"). Each effect at the PSP is
 * intent → call → outcome, the intent written in the transaction that needs it:
 * - `rail_pix_charges`: one immediate charge (API Pix `cob`) per BRL deposit, keyed by its txid
 *   (the deposit's id without its prefix), written with the deposit;
 * - `rail_pix_received`: every Pix the PSP reported, by its endToEndId — the one key money
 *   arriving is credited by, once, whichever way it was learnt (webhook, reconciliation, charge);
 * - `rail_pix_inbox`: the endToEndIds the PSP's webhook named, waiting to be read back from the
 *   PSP (a webhook is a hint; the PSP's GET /pix/{e2eid} is what is credited);
 * - `rail_job_runs`: how each standing job of a rail is doing (failures, last error), for health;
 * - `rail_pix_cursors`: the reconciliation window's cursor and the webhook registration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rail_pix_charges')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('txid', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('br_code', 'text')
    .addColumn('revisao', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_pix_charges_status')
    .on('rail_pix_charges')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createTable('rail_pix_received')
    .addColumn('end_to_end_id', 'text', (c) => c.primaryKey())
    .addColumn('txid', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('horario', 'bigint', (c) => c.notNull())
    .addColumn('seen_via', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_pix_received_horario')
    .on('rail_pix_received')
    .columns(['horario'])
    .execute();
  await db.schema
    .createIndex('rail_pix_received_operation')
    .on('rail_pix_received')
    .columns(['operation_id'])
    .execute();
  await db.schema
    .createTable('rail_pix_inbox')
    .addColumn('end_to_end_id', 'text', (c) => c.primaryKey())
    .addColumn('waiting', 'integer', (c) => c.notNull())
    .addColumn('notifications', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_pix_inbox_waiting')
    .on('rail_pix_inbox')
    .columns(['waiting', 'last_at'])
    .execute();
  await db.schema
    .createTable('rail_pix_cursors')
    .addColumn('rail', 'text', (c) => c.primaryKey())
    .addColumn('reconciled_to', 'bigint')
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_registered_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rail_job_runs')
    .addColumn('rail', 'text', (c) => c.notNull())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'bigint')
    .addColumn('last_run_at', 'bigint')
    .addPrimaryKeyConstraint('rail_job_runs_pk', ['rail', 'job'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rail_job_runs',
    'rail_pix_cursors',
    'rail_pix_inbox',
    'rail_pix_received',
    'rail_pix_charges',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
