import type { Kysely } from 'kysely';

/**
 * Issue 27 point 1: an API client bound to a list of accounts (docs/api.md "Clients bound to
 * accounts"). `account_ids` is a JSON array of the customer's account ids (at most 100) the
 * client may reach; any other account of the customer is to it as another customer's. Null is
 * every account of the customer, which every client created before keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').addColumn('account_ids', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').dropColumn('account_ids').execute();
}
