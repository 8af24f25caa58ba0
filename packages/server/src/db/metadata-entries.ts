import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';
import type { Metadata } from '../lib/metadata.js';
import type { MetadataResource } from './metadata-entries.table.js';

// The writer and the list filter of `metadata_entries` (lib/metadata-entries.table.ts): one row
// per pair of a resource, written in the transaction that writes its `metadata` column.

/** Whose pairs: the resource's table and id, its customer (every filter is scoped by it), and its creation time. */
export interface MetadataOwner {
  resource: MetadataResource;
  resourceId: string;
  customerId: string;
  /** The resource's `created_at`: its position in every list, copied onto each pair. */
  createdAt: number;
}

/** Rows per insert statement: a resource's 50 keys in one (300 bound values, far under either limit). */
const BATCH = 50;

/**
 * Makes the resource's pairs exactly `metadata`: the old rows go, the new ones come. Call it in
 * the transaction that writes the resource's `metadata` column (creation and every change).
 */
export async function writeMetadataEntries(
  db: Db,
  owner: MetadataOwner,
  metadata: Metadata,
): Promise<void> {
  await db
    .deleteFrom('metadata_entries')
    .where('resource_id', '=', owner.resourceId)
    .where('resource', '=', owner.resource)
    .execute();
  const rows = Object.entries(metadata).map(([key, value]) => ({
    resource: owner.resource,
    resource_id: owner.resourceId,
    customer_id: owner.customerId,
    key,
    value,
    created_at: owner.createdAt,
  }));
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('metadata_entries')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/**
 * Narrows a list query to the rows whose metadata has every pair of `filter` (AND), one
 * correlated EXISTS per pair, each answered from the (customer_id, resource, key, value,
 * resource_id) index. `idColumn` is the listed table's id (`'accounts.id'` or `'id'`); an empty
 * or absent filter leaves the query as it is.
 */
export function whereMetadata<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  scope: { resource: MetadataResource; customerId: string; idColumn: string },
  filter: Metadata | undefined,
): SelectQueryBuilder<DB, TB, O> {
  let query = qb;
  for (const [key, value] of Object.entries(filter ?? {})) {
    query = query.where(
      sql<boolean>`exists (select 1 from metadata_entries as me where ${sql.ref('me.customer_id')} = ${scope.customerId} and ${sql.ref('me.resource')} = ${scope.resource} and ${sql.ref('me.key')} = ${key} and ${sql.ref('me.value')} = ${value} and ${sql.ref('me.resource_id')} = ${sql.ref(scope.idColumn)})`,
    );
  }
  return query;
}
