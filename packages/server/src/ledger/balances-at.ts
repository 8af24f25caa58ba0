import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import type { Asset } from '../lib/money.js';
import type { Balance } from './balances.repository.js';
import type { Bucket } from './ledger.tables.js';

/**
 * Balances at a point in time, read from the journal (ledger_entries), never from the balance
 * rows (docs/api.md "Balances and statement").
 *
 * A balance at `at` is Σ of the signed entries of its row and bucket booked at or before `at`.
 * Every entry already carries that sum up to itself (`balance_after`, the running value of its
 * bucket, chained in `position` order: journal.repository.ts), so the balance at `at` is the
 * `balance_after` of the last entry booked at or before it: one index seek per asset and bucket
 * (index ledger_entries_statement_asset: account, asset, bucket, position) instead of a sum over
 * the account's whole history. The bank consistency test replays Σ independently and compares.
 */

/**
 * The lowest `position` an entry booked after `at` (milliseconds) can have. A position starts
 * with its booking time as 15 fixed-width digits (journal.repository.ts entryPosition), and a
 * string is below every longer string it prefixes, so `position < positionAfter(at)` is exactly
 * "booked at or before `at`", and `position >= positionAfter(at)` exactly "booked after it".
 * Both are ranges of the statement indexes. An instant before 1970 has no entry at or before it.
 */
export const positionAfter = (at: number): string => String(Math.max(at + 1, 0)).padStart(15, '0');

/**
 * The balances of `assets` of ledger account `accountId` as they stood at `at` (entries booked
 * at or before it), in the order of `assets`; zero for an asset with no entry by then (an
 * account or asset that did not exist yet). For customer accounts: a house account's balance is
 * spread over several rows (balances.repository.ts houseBalance), which this does not sum.
 */
export async function balancesAt(
  db: Db | Trx,
  accountId: string,
  assets: readonly Asset[],
  at: number,
): Promise<Balance[]> {
  const lastValue = async (asset: Asset, bucket: Bucket) =>
    (await lastEntryQuery(db, accountId, asset, bucket, at).executeTakeFirst())?.balance_after ??
    0n;
  const balances: Balance[] = [];
  for (const asset of assets) {
    // One after the other: inside a transaction the queries share one connection anyway.
    balances.push({
      asset,
      available: await lastValue(asset, 'AVAILABLE'),
      pending: await lastValue(asset, 'PENDING'),
    });
  }
  return balances;
}

/** The last entry of one bucket of one balance row booked at or before `at`: its running value. */
export function lastEntryQuery(
  db: Db | Trx,
  accountId: string,
  asset: Asset,
  bucket: Bucket,
  at: number,
) {
  return db
    .selectFrom('ledger_entries')
    .select('balance_after')
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .where('bucket', '=', bucket)
    .where('position', '<', positionAfter(at))
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
}
