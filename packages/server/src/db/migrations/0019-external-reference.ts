import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, point 3 (operations):
 * - `operations.external_reference`: the integrator's own reference for an operation, given on
 *   its creating request (docs/api.md "External references"); null when none was given.
 * - `operations_customer_external_reference`: unique per customer where given, so a second
 *   operation with the same reference is refused by the database itself, also when two requests
 *   race (the pipeline turns the violation into 409 EXTERNAL_REFERENCE_CONFLICT). Unlike an
 *   idempotency key it never expires. It also serves the list's `externalReference` filter.
 * - `operations_customer_asset_created`: the list filtered by `asset` walks (customer, asset,
 *   created_at, id) in index order, like the type, status and account filters (0008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operations').addColumn('external_reference', 'text').execute();
  await db.schema
    .createIndex('operations_customer_external_reference')
    .on('operations')
    .columns(['customer_id', 'external_reference'])
    .unique()
    .where(sql.ref('external_reference'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('operations_customer_asset_created')
    .on('operations')
    .columns(['customer_id', 'asset', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('operations_customer_asset_created').execute();
  await db.schema.dropIndex('operations_customer_external_reference').execute();
  await db.schema.alterTable('operations').dropColumn('external_reference').execute();
}
