import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import { ASSETS, type Asset } from '../lib/money.js';
import type { RowChange } from './postings.js';
import { isSystemAccount } from './system-accounts.js';

export interface Balance {
  asset: Asset;
  /** Minor units the customer can move now. */
  available: number;
  /** Minor units held for operations in flight (withdrawals not yet settled). */
  pending: number;
}

/** Zero balance rows for each asset of a customer account; rows that exist are left alone. */
export async function insertZeroBalances(
  trx: Trx,
  accountId: string,
  assets: readonly Asset[],
  at: number,
): Promise<void> {
  if (assets.length === 0) return;
  await trx
    .insertInto('ledger_balances')
    .values(
      assets.map((asset) => ({
        account_id: accountId,
        asset,
        kind: 'CUSTOMER' as const,
        available: 0,
        pending: 0,
        version: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'asset']).doNothing())
    .execute();
}

/**
 * Applies one journal's change to one balance row in a single conditional statement and returns
 * the row's values after it, or undefined when the row would go below zero (customer accounts
 * only; system accounts may be negative) or does not exist. The WHERE is the guard: PostgreSQL
 * re-checks it against the latest committed row after waiting for a concurrent writer's lock,
 * and SQLite has one writer at a time, so two transactions can never both spend the same money.
 */
export async function applyRowChange(
  trx: Trx,
  change: RowChange,
  at: number,
): Promise<RowAfter | undefined> {
  let query = trx
    .updateTable('ledger_balances')
    .set((eb) => ({
      available: eb('available', '+', change.available),
      pending: eb('pending', '+', change.pending),
      version: eb('version', '+', 1),
      // Never earlier than the row's previous change: a transaction that read the clock first
      // but got the row lock second still books after the one before it.
      updated_at: sql<number>`case when updated_at > ${at} then updated_at else ${at} end`,
    }))
    .where('account_id', '=', change.accountId)
    .where('asset', '=', change.asset);
  if (!isSystemAccount(change.accountId)) {
    if (change.available < 0) query = query.where('available', '>=', -change.available);
    if (change.pending < 0) query = query.where('pending', '>=', -change.pending);
  }
  return query.returning(['available', 'pending', 'version', 'updated_at']).executeTakeFirst();
}

/** A balance row right after a change: its values, version and booking time. */
export interface RowAfter {
  available: number;
  pending: number;
  version: number;
  updated_at: number;
}

export async function balanceRowExists(
  trx: Trx,
  accountId: string,
  asset: Asset,
): Promise<boolean> {
  const row = await trx
    .selectFrom('ledger_balances')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .executeTakeFirst();
  return row !== undefined;
}

const assetOrder = (a: Balance, b: Balance) => ASSETS.indexOf(a.asset) - ASSETS.indexOf(b.asset);

/** The balances of several accounts in one query (a list page's worth), by account id. */
export async function balancesOfAccounts(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, Balance[]>> {
  const byAccount = new Map<string, Balance[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['account_id', 'asset', 'available', 'pending'])
    .where('account_id', 'in', accountIds)
    .execute();
  for (const row of rows) {
    byAccount
      .get(row.account_id)
      ?.push({ asset: row.asset, available: row.available, pending: row.pending });
  }
  for (const balances of byAccount.values()) balances.sort(assetOrder);
  return byAccount;
}
