import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 2 (a metadata filter's cost is bounded whatever the data; docs/api.md
 * "Metadata"): `metadata_entries.created_at`, a copy of its resource's `created_at` (which never
 * changes), backfilled here from each resource table, and the filter index extended to
 * (customer_id, resource, key, value, created_at, resource_id), replacing 0017's. One pair's
 * rows are then a range of the index in a list's keyset order (created_at, id), so a filtered
 * page reads a bounded run of one pair's candidates after its cursor, as an index-only range
 * read on both engines (db/metadata-filter.ts), instead of walking the listed table with one
 * correlated EXISTS per pair.
 *
 * The column is NOT NULL with a default of 0 because SQLite adds a NOT NULL column only with a
 * default; the writer (db/metadata-entries.ts) always sets it.
 */
const RESOURCES = ['accounts', 'beneficiaries', 'subscriptions', 'operations'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('metadata_entries')
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const resource of RESOURCES) {
    // An entry always has its resource (written in its transaction; resources are never
    // deleted, subscriptions only marked so); coalesce keeps an orphan from failing the update.
    await sql`
      UPDATE metadata_entries
      SET created_at = coalesce(
        (SELECT r.created_at FROM ${sql.table(resource)} r WHERE r.id = metadata_entries.resource_id),
        0)
      WHERE resource = ${resource}
    `.execute(db);
  }
  await db.schema.dropIndex('metadata_entries_filter').execute();
  await db.schema
    .createIndex('metadata_entries_filter_created')
    .on('metadata_entries')
    .columns(['customer_id', 'resource', 'key', 'value', 'created_at', 'resource_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('metadata_entries_filter_created').execute();
  await db.schema
    .createIndex('metadata_entries_filter')
    .on('metadata_entries')
    .columns(['customer_id', 'resource', 'key', 'value', 'resource_id'])
    .execute();
  await db.schema.alterTable('metadata_entries').dropColumn('created_at').execute();
}
