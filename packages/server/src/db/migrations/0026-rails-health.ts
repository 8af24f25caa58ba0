import type { Kysely } from 'kysely';

/**
 * Issue 25: the rails' health and reconciliation (docs/rails.md "Health", "Reconciliation").
 * - `rail_evm_chains` gains the watcher's and the payouts job's consecutive failures and last
 *   error: those jobs catch a failing node themselves (so the queue never parks them), which
 *   leaves the jobs row's attempts and last_error untouched; these columns are their durable
 *   record, written when a run fails and cleared by the first run that works, so an API process
 *   (which runs no job) can say the node is failing.
 * - `rail_reconciliations`: every reconciliation's report (the job's, `cofre rails reconcile`'s),
 *   kept for the back-office and the metrics; never an input to anything that moves money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const job of ['watch', 'payouts']) {
    await db.schema
      .alterTable('rail_evm_chains')
      .addColumn(`${job}_failures`, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('rail_evm_chains').addColumn(`${job}_error`, 'text').execute();
    await db.schema.alterTable('rail_evm_chains').addColumn(`${job}_error_at`, 'bigint').execute();
  }
  await db.schema
    .createTable('rail_reconciliations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rail', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_reconciliations_rail')
    .on('rail_reconciliations')
    .columns(['rail', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rail_reconciliations').execute();
  for (const job of ['watch', 'payouts']) {
    for (const column of ['failures', 'error', 'error_at']) {
      await db.schema.alterTable('rail_evm_chains').dropColumn(`${job}_${column}`).execute();
    }
  }
}
