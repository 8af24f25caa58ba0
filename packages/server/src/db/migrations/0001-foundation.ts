import type { Kysely } from 'kysely';

/**
 * Customers, their API clients, persisted signing keys and accounts. Timestamps are epoch
 * milliseconds (bigint) on both engines, so ordering and arithmetic are the same everywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('secret_version', 'integer', (c) => c.notNull())
    .addColumn('webhook_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('secret_rotated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_clients_customer')
    .on('api_clients')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON [{asset, status}] in the order requested: read with the row, no second query per page.
    .addColumn('assets', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Keyset pagination walks (customer_id, created_at, id) in either direction.
  await db.schema
    .createIndex('accounts_customer_created')
    .on('accounts')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('accounts_customer_type_created')
    .on('accounts')
    .columns(['customer_id', 'type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('accounts_customer_status_created')
    .on('accounts')
    .columns(['customer_id', 'status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['accounts', 'signing_keys', 'api_clients', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
