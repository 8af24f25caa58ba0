import type { Db } from './database.js';
import type { Metadata } from '../lib/metadata.js';
import type { MetadataResource } from './metadata-entries.table.js';

// The writer of `metadata_entries` (db/metadata-entries.table.ts): one row per pair of a
// resource, written in the transaction that writes its `metadata` column. The list filter that
// reads them is db/metadata-filter.ts.

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
