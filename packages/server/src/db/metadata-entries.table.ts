/**
 * `metadata_entries`, the index behind the `metadata[key]=value` list filter: one row per pair of a resource
 * (migration 0017), written in the transaction that writes the resource's `metadata` column, so
 * the two never disagree. A side table rather than JSON operators: the same SQL on SQLite and
 * PostgreSQL (no dialect branch), an ordinary B-tree index on (customer, resource, key, value,
 * created_at, resource_id), exact string equality, and keys needing no JSON-path quoting.
 */
export const METADATA_RESOURCES = [
  'accounts',
  'beneficiaries',
  'subscriptions',
  'operations',
] as const;
/** The table a pair belongs to: each list reads only its own range of the index. */
export type MetadataResource = (typeof METADATA_RESOURCES)[number];

export interface MetadataEntriesTable {
  resource: MetadataResource;
  resource_id: string;
  customer_id: string;
  key: string;
  value: string;
  /**
   * The resource's `created_at` (migration 0023), which never changes: with `resource_id` it is
   * the lists' keyset, so one pair's rows are read in a page's order (db/metadata-filter.ts).
   * Always written; the column's default 0 exists only because SQLite adds a NOT NULL column
   * with one.
   */
  created_at: number;
}
