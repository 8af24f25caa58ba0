import { sql, type SelectQueryBuilder } from 'kysely';
import { applyKeyset } from '../lib/keyset.js';
import type { Metadata } from '../lib/metadata.js';
import { PAGE_WEIGHT, type KeysetPlan, type KeysetRead } from '../lib/pagination.js';
import type { Db, Tables } from './database.js';
import { dialectOf } from './dialect.js';
import { withinWeightInSql } from './page-weight.js';
import type { MetadataResource } from './metadata-entries.table.js';

/**
 * B: the most candidates one metadata-filtered page examines (docs/api.md "Metadata"). With
 * METADATA_FILTER_MAX_PAIRS (10) pairs, one request reads at most 10 × 1,001 index entries to
 * count the pairs, 1,001 to read the driving pair's candidates, 1,000 rows of the listed table
 * by primary key and 9 × 1,000 primary-key probes of `metadata_entries`: about 21,000 index
 * entries, whatever the data.
 */
export const METADATA_FILTER_CANDIDATES = 1_000;

/**
 * The most candidates one run checks in one statement (after the first run, `limit + 1`): each
 * statement then examines at most ~1,300 index entries and rows (128 rows and 9 probes each), a
 * few milliseconds on SQLite, where statements run on the event loop and another customer's
 * request waits for the one running (lib/loop-slice.ts lets it in between two).
 */
export const METADATA_FILTER_RUN = 128;

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
 * 1. Candidates: one pair's entries past the cursor, in the page's order, index-only ranges of
 *    (customer_id, resource, key, value, created_at, resource_id) (migration 0023), read in runs,
 *    B at most. The first pair drives the first run; if that run does not fill the page, each
 *    pair is counted past it, up to the candidates left + 1 (one statement of index-only
 *    ranges), and the least frequent drives the rest; a pair with none ends the list at once.
 * 2. The page: each run's rows by primary key, then the list's filters and each other pair (a
 *    primary-key probe of `metadata_entries`) on those rows only, until the page is full.
 *
 * When B candidates were examined and more remain, the read answers `scannedTo`, the last one
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
    // Within the page weight in the statement itself (db/page-weight.ts): a page
    // of heavy rows reads about ten of them, not `limit + 1`.
    const page = applyKeyset(rowsOf(tableRows()), plan, 'created_at', 'id');
    const weighed = withinWeightInSql(
      db,
      page as unknown as SelectQueryBuilder<Tables, keyof Tables, O>,
      plan.order,
      'metadata',
      undefined,
      PAGE_WEIGHT,
    );
    return { rows: await weighed.execute() };
  }
  const bound = list.candidates ?? METADATA_FILTER_CANDIDATES;

  // The candidates in runs of growing length (fetch, then 8 × fetch but at most
  // METADATA_FILTER_RUN, … up to B in all),
  // each run's rows checked before the next is read, in the page's order. The first pair drives
  // the first run: when matches are common it fills the page and nothing else is read. When it
  // does not, the pairs are counted past it: the least frequent drives the rest, and the others
  // are probed rarest first, so a candidate that fails fails at its first probe.
  const rows: O[] = [];
  let after = plan.after;
  let examined = 0;
  let order: Pair[] | undefined = pairs;
  let counted = pairs.length === 1;
  for (
    let run = plan.fetch;
    examined < bound && rows.length < plan.fetch;
    run = Math.min(run * 8, Math.max(plan.fetch, METADATA_FILTER_RUN))
  ) {
    if (examined > 0 && !counted) {
      counted = true;
      order = await byFrequency(db, list, pairs, { ...plan, after }, bound - examined);
      // A pair with no entry past here: nothing further can match.
      if (order === undefined) return { rows };
    }
    const [driving, ...others] = order;
    const size = Math.min(run, bound - examined);
    // The last run reads one entry more, to know whether the list goes on past B.
    const read = examined + size === bound ? size + 1 : size;
    const next = await pairRun(db, list, driving!, { ...plan, after }, read).execute();
    const ids = next.slice(0, size);
    if (ids.length > 0) {
      const want = plan.fetch - rows.length;
      const idsOnly = ids.map((c) => c.resource_id);
      rows.push(...(await matchingRows(db, table, idsOnly, others, rowsOf, plan.order, want)));
      const last = ids[ids.length - 1]!;
      after = { sortValue: last.created_at, id: last.resource_id };
      examined += ids.length;
    }
    // The driving pair has no more entries past this run: the list is read to its end.
    if (next.length < read) return { rows };
  }
  // Stopped at B candidates (or with a full page, when buildPage ignores this).
  return { rows, scannedTo: after };
}

/**
 * The rows of `ids` (candidates, in the page's order) that pass the list's filters and every
 * pair of `others`, in the page's order, at most `fetch`. Each row is read by primary key (the
 * dialect makes sure no planner reads the table another way: a scan, or a walk of the
 * customer's rows), as a derived table named like the list's table, so the list's filters read
 * them as they would the table; each other pair is a primary-key probe of its entry.
 */
async function matchingRows<T extends MetadataResource, O>(
  db: Db,
  table: T,
  ids: string[],
  others: Pair[],
  rowsOf: (rows: ListRows<T>) => SelectQueryBuilder<Tables, T, O>,
  order: KeysetPlan['order'],
  fetch: number,
): Promise<O[]> {
  let page = rowsOf(db.selectFrom(dialectOf(db).rowsById(table, ids).as(table)));
  const id = sql.ref(`${table}.id`);
  for (const [key, value] of others) {
    // OFFSET 0 keeps PostgreSQL from turning the EXISTS into a join (simplify_EXISTS_query
    // leaves one with an OFFSET alone), which could read the pair's entries of every customer.
    page = page.where(
      sql<boolean>`exists (select 1 from metadata_entries as me where ${sql.ref('me.resource')} = ${table} and ${sql.ref('me.resource_id')} = ${id} and ${sql.ref('me.key')} = ${key} and ${sql.ref('me.value')} = ${value} limit 1 offset 0)`,
    );
  }
  const dir = sql.raw(order);
  return page
    .orderBy(sql`${sql.ref('created_at')} ${dir}`)
    .orderBy(sql`${sql.ref('id')} ${dir}`)
    .limit(fetch)
    .execute();
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
 * The pairs, least frequent first, by their entries past the plan's cursor, each counted up to
 * `left` + 1 in one statement; undefined when one has none (nothing more can match).
 */
async function byFrequency(
  db: Db,
  list: FilteredList,
  pairs: Pair[],
  plan: KeysetPlan,
  left: number,
): Promise<Pair[] | undefined> {
  const count = (i: number) =>
    db
      .selectFrom(pairRun(db, list, pairs[i]!, plan, left + 1).as('run'))
      .select((eb) => [sql.lit(i).as('pair'), eb.fn.countAll<number>().as('n')]);
  let counts = count(0);
  for (let i = 1; i < pairs.length; i++) counts = counts.unionAll(count(i));
  const counted = (await counts.execute()).map((row) => ({
    pair: pairs[Number(row.pair)]!,
    n: Number(row.n),
  }));
  if (counted.some(({ n }) => n === 0)) return undefined;
  return counted.sort((a, b) => a.n - b.n).map(({ pair }) => pair);
}
