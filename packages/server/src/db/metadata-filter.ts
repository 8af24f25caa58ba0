import { sql, type SelectQueryBuilder } from 'kysely';
import { applyKeyset } from '../lib/keyset.js';
import type { Metadata } from '../lib/metadata.js';
import type { KeysetPlan, KeysetRead } from '../lib/pagination.js';
import type { Db, Tables } from './database.js';
import { dialectOf } from './dialect.js';
import type { MetadataResource } from './metadata-entries.table.js';

/**
 * B: the most candidates one metadata-filtered page examines (docs/api.md "Metadata"). With
 * METADATA_FILTER_MAX_PAIRS (10) pairs, one request reads at most 10 × 1,001 index entries to
 * count the pairs, 1,001 to read the driving pair's candidates, 1,000 rows of the listed table
 * by primary key and 9 × 1,000 primary-key probes of `metadata_entries`: about 21,000 index
 * entries, whatever the data.
 */
export const METADATA_FILTER_CANDIDATES = 1_000;

/** The list being read: its table (named as its metadata resource) and customer. */
export interface FilteredList {
  resource: MetadataResource;
  customerId: string;
  /** Bounds of `created_at` the list's query applies too (inclusive, exclusive): fewer candidates. */
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
  /** B for this read; METADATA_FILTER_CANDIDATES unless a test sets a small one. */
  candidates?: number | undefined;
}

type Pair = readonly [key: string, value: string];

/** What a list reads its rows from: its table, or (filtered) its candidate rows under its name. */
export type ListRows<T extends MetadataResource> = SelectQueryBuilder<Tables, T, object>;

/**
 * One page of a list. `rowsOf` applies the list's own filters (the customer, a status, …) to the
 * rows it is given. Without a metadata filter those are the list's table, read by keyset
 * (lib/keyset.ts). With one, the page is read in two bounded steps instead of one correlated
 * EXISTS per pair over the customer's rows, which cost their number times the pairs (issue 23,
 * point 2):
 *
 * 1. The driving pair: with several pairs, each is counted up to B+1 entries past the cursor (one
 *    statement of index-only ranges) and the least frequent drives; a pair with none ends the
 *    list at once. Up to B+1 of its entries past the cursor are read in the page's order, an
 *    index-only range of (customer_id, resource, key, value, created_at, resource_id)
 *    (migration 0023).
 * 2. The page: the first B candidates' rows by primary key, then the list's filters and each
 *    other pair (a primary-key probe of `metadata_entries`) on those rows only, ordered and cut
 *    to the plan's `fetch`.
 *
 * When the driving pair had more than B candidates, the read answers `scannedTo`, the last one
 * examined: a page short of its limit then continues from there (lib/pagination.ts buildPage).
 */
export async function readListPage<T extends MetadataResource, O>(
  db: Db,
  plan: KeysetPlan,
  list: FilteredList & { resource: T },
  filter: Metadata | undefined,
  rowsOf: (rows: ListRows<T>) => SelectQueryBuilder<Tables, T, O>,
): Promise<KeysetRead<O>> {
  const table = list.resource;
  // The list's table as its rows' source (one cast: Kysely cannot type `selectFrom` of a table
  // named by a type parameter).
  const tableRows = () => db.selectFrom(table) as unknown as ListRows<T>;
  const pairs: Pair[] = Object.entries(filter ?? {});
  if (pairs.length === 0) {
    return { rows: await applyKeyset(rowsOf(tableRows()), plan, 'created_at', 'id').execute() };
  }
  const bound = list.candidates ?? METADATA_FILTER_CANDIDATES;
  const driving = pairs.length === 1 ? 0 : await leastFrequentPair(db, list, pairs, plan, bound);
  if (driving === undefined) return { rows: [] };
  const candidates = await pairRun(db, list, pairs[driving]!, plan, bound + 1).execute();
  if (candidates.length === 0) return { rows: [] };
  const examined = candidates.slice(0, bound).map((c) => c.resource_id);

  // The candidates' rows, each read by primary key (the dialect makes sure no planner reads the
  // table another way: a scan, or a walk of the customer's rows), as a derived table named like
  // the list's table, so the list's filters read them as they would the table.
  const byId = dialectOf(db).rowsById(table, examined).as(table);
  let page = rowsOf(db.selectFrom(byId));
  const id = sql.ref(`${table}.id`);
  for (const [key, value] of pairs.filter((_, i) => i !== driving)) {
    // A probe of the primary key (resource, resource_id, key) per candidate left. OFFSET 0
    // keeps PostgreSQL from turning the EXISTS into a join (simplify_EXISTS_query leaves one
    // with an OFFSET alone), which could read the pair's entries of every customer instead.
    page = page.where(
      sql<boolean>`exists (select 1 from metadata_entries as me where ${sql.ref('me.resource')} = ${table} and ${sql.ref('me.resource_id')} = ${id} and ${sql.ref('me.key')} = ${key} and ${sql.ref('me.value')} = ${value} limit 1 offset 0)`,
    );
  }
  const dir = sql.raw(plan.order);
  const rows = await page
    .orderBy(sql`${sql.ref('created_at')} ${dir}`)
    .orderBy(sql`${sql.ref('id')} ${dir}`)
    .limit(plan.fetch)
    .execute();
  const last = candidates[bound - 1];
  return candidates.length > bound && last
    ? { rows, scannedTo: { sortValue: last.created_at, id: last.resource_id } }
    : { rows };
}

/**
 * The `metadata_entries` rows of one pair of the list's customer and resource past the plan's
 * cursor, in the plan's order, at most `limit`: a range of the filter index, read index-only.
 */
function pairRun(db: Db, list: FilteredList, [key, value]: Pair, plan: KeysetPlan, limit: number) {
  let run = db
    .selectFrom('metadata_entries')
    .select(['resource_id', 'created_at'])
    .where('customer_id', '=', list.customerId)
    .where('resource', '=', list.resource)
    .where('key', '=', key)
    .where('value', '=', value);
  if (list.createdFrom !== undefined) run = run.where('created_at', '>=', list.createdFrom);
  if (list.createdTo !== undefined) run = run.where('created_at', '<', list.createdTo);
  return applyKeyset(run, { ...plan, fetch: limit }, 'created_at', 'resource_id');
}

/**
 * The index of the pair with the fewest entries past the cursor, each counted up to B+1 in one
 * statement; undefined when one has none (nothing can match).
 */
async function leastFrequentPair(
  db: Db,
  list: FilteredList,
  pairs: Pair[],
  plan: KeysetPlan,
  bound: number,
): Promise<number | undefined> {
  const count = (i: number) =>
    db
      .selectFrom(pairRun(db, list, pairs[i]!, plan, bound + 1).as('run'))
      .select((eb) => [sql.lit(i).as('pair'), eb.fn.countAll<number>().as('n')]);
  let counts = count(0);
  for (let i = 1; i < pairs.length; i++) counts = counts.unionAll(count(i));
  let least: { pair: number; n: number } | undefined;
  for (const row of await counts.execute()) {
    const n = Number(row.n);
    if (n === 0) return undefined;
    if (least === undefined || n < least.n) least = { pair: Number(row.pair), n };
  }
  return least?.pair;
}
