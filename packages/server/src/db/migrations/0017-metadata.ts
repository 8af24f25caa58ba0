import type { Kysely } from 'kysely';

/**
 * Issue 16, point 3 (metadata, docs/api.md "Metadata"):
 * - `metadata` on accounts, beneficiaries, subscriptions and operations: the integrator's
 *   key/value pairs as JSON text, `{}` when none (existing rows get `{}`).
 * - `metadata_entries`: one row per pair, written with the resource in one transaction
 *   (lib/metadata-entries.ts), for the `metadata[key]=value` list filter. Its primary key
 *   (resource, resource_id, key) rewrites a resource's pairs by id; the index
 *   (customer_id, resource, key, value, resource_id) answers each filter pair's EXISTS. Same
 *   tables and SQL on both engines: no JSON operators, so no dialect branch.
 */
const TABLES = ['accounts', 'beneficiaries', 'subscriptions', 'operations'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
  await db.schema
    .createTable('metadata_entries')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('metadata_entries_pk', ['resource', 'resource_id', 'key'])
    .execute();
  await db.schema
    .createIndex('metadata_entries_filter')
    .on('metadata_entries')
    .columns(['customer_id', 'resource', 'key', 'value', 'resource_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metadata_entries').execute();
  for (const table of [...TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('metadata').execute();
  }
}
