import { sql, type Kysely } from 'kysely';

/**
 * Beneficiaries and their payment instructions (docs/api.md "Beneficiaries"), and the optional
 * account `name` the sandbox reads for its onboarding magic value (docs/sandbox.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('beneficiaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('holder_type', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('tax_id', 'text', (c) => c.notNull())
    .addColumn('relationship_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Keyset pagination, unfiltered and by tax id.
  await db.schema
    .createIndex('beneficiaries_customer_created')
    .on('beneficiaries')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('beneficiaries_customer_tax_id_created')
    .on('beneficiaries')
    .columns(['customer_id', 'tax_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('payment_instructions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('beneficiary_id', 'text', (c) => c.notNull().references('beneficiaries.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('rail', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason_message', 'text')
    .addColumn('removed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_instructions_beneficiary')
    .on('payment_instructions')
    .columns(['beneficiary_id', 'created_at', 'id'])
    .execute();
  // The same instruction twice on one beneficiary is refused, also between concurrent requests;
  // a removed one may be added again.
  await db.schema
    .createIndex('payment_instructions_live_fingerprint')
    .on('payment_instructions')
    .columns(['beneficiary_id', 'fingerprint'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();

  await db.schema.alterTable('accounts').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('name').execute();
  await db.schema.dropTable('payment_instructions').execute();
  await db.schema.dropTable('beneficiaries').execute();
}
