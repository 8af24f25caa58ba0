import type { Kysely } from 'kysely';

/**
 * Production's PIX key directory (docs/admin.md "PIX key directory"): the keys the operator
 * registered, with their holder and bank. The sandbox never reads it (its directory is derived
 * from each key), so it may stay empty there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pix_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('key_type', 'text', (c) => c.notNull())
    .addColumn('holder_type', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('holder_tax_id', 'text', (c) => c.notNull())
    .addColumn('bank_ispb', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pix_keys').execute();
}
