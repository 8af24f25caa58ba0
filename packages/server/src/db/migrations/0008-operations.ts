import type { Kysely } from 'kysely';

/**
 * Operations (docs/api.md "Operations"): one row per deposit or withdrawal (swaps, orders and PIX
 * payments later share it), its type-specific part as JSON, and one history row per state
 * reached.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Keyset pagination, unfiltered and by each filter of GET /v1/operations.
  for (const [name, columns] of [
    ['operations_customer_created', ['customer_id', 'created_at', 'id']],
    ['operations_customer_type_created', ['customer_id', 'type', 'created_at', 'id']],
    ['operations_customer_status_created', ['customer_id', 'status', 'created_at', 'id']],
    ['operations_customer_account_created', ['customer_id', 'account_id', 'created_at', 'id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('operations')
      .columns([...columns])
      .execute();
  }

  // Each state is reached at most once (the primary key), so a duplicate step cannot write a
  // second history row even if it got past the compare-and-set.
  await db.schema
    .createTable('operation_states')
    .addColumn('operation_id', 'text', (c) => c.notNull().references('operations.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason_message', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('operation_states_pk', ['operation_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operation_states').execute();
  await db.schema.dropTable('operations').execute();
}
