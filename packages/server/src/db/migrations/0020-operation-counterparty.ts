import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, point 2 (transfers): `operations.counterparty_account_id`, the other account an
 * operation moves money with (a transfer's destination), so `GET /v1/operations?accountId=`
 * finds a transfer from either of its accounts through an index rather than by reading every
 * operation's details. Null for every other kind. Transfers are new in the release that adds
 * this column, so no stored row needs a backfill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operations').addColumn('counterparty_account_id', 'text').execute();
  await db.schema
    .createIndex('operations_customer_counterparty_created')
    .on('operations')
    .columns(['customer_id', 'counterparty_account_id', 'created_at', 'id'])
    .where(sql.ref('counterparty_account_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('operations_customer_counterparty_created').execute();
  await db.schema.alterTable('operations').dropColumn('counterparty_account_id').execute();
}
