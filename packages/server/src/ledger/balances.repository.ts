import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import { ASSETS, MAX_BALANCE_MINOR, type Asset } from '../lib/money.js';
import type { RowChange } from './postings.js';
import { isSystemAccount } from './system-accounts.js';
import { hotRead, runHotRead, type HotRead } from '../db/hot-reads.js';
import { MAX_LIMIT } from '../lib/pagination.js';

export interface Balance {
  asset: Asset;
  /** Minor units the customer can move now. */
  available: bigint;
  /** Minor units held for operations in flight (withdrawals not yet settled). */
  pending: bigint;
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
        available: 0n,
        pending: 0n,
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
 * the row's values after it, or undefined when a customer row would go below zero or above
 * MAX_BALANCE_MINOR (available + pending), or does not exist. The WHERE is the guard: PostgreSQL
 * re-checks it against the latest committed row after waiting for a concurrent writer's lock,
 * and SQLite has one writer at a time, so two transactions can never both spend the same money.
 *
 * A house (system) account never refuses, and spreads over rows: see applyToHouse.
 */
export async function applyRowChange(
  trx: Trx,
  change: RowChange,
  at: number,
  /** A house account's row to start at (houseShardOf); 1, the account's own row, by default. */
  houseShard = 1,
): Promise<RowAfter | undefined> {
  if (isSystemAccount(change.accountId)) return applyToHouse(trx, change, at, houseShard);
  let query = updateRow(trx, change.accountId, change, at);
  if (change.available < 0n) query = query.where('available', '>=', -change.available);
  if (change.pending < 0n) query = query.where('pending', '>=', -change.pending);
  const credit = change.available + change.pending;
  // Written as `total <= max - credit` so that nothing in the statement can pass the int8 bound
  // (PostgreSQL would fail the statement with an overflow, SQLite would turn it into a float).
  if (credit > 0n) {
    query = query.where(sql`available + pending`, '<=', MAX_BALANCE_MINOR - credit);
  }
  return query.returning(RETURNED).executeTakeFirst();
}

/** Rows each house account has per asset from migration 0021 on (its shards). */
export const HOUSE_SHARDS = 16;

/**
 * Which of a house account's rows a journal starts at (1 … HOUSE_SHARDS): a hash of `key`, the
 * journal's operation id (or its own id), so one operation's journals go to one row and
 * different operations' settlements spread over the rows instead of all waiting on one.
 */
export function houseShardOf(key: string): number {
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return 1 + ((hash >>> 0) % HOUSE_SHARDS);
}

/**
 * A house account (sys_clearing, sys_fees, sys_exchange) stands for money outside cofre: every
 * customer's deposits and trades add up on it. It is kept in rows — `sys_clearing`, then
 * `sys_clearing~2`, `~3`, … — and its balance is their exact sum (houseBalance, in BigInt).
 *
 * - **Shards** (migration 0021): the first HOUSE_SHARDS rows exist from the start, and a change
 *   goes to the row `shard` names (houseShardOf of the operation), so settlements of different
 *   operations lock different rows instead of serialising on one.
 * - **Spill** (migration 0018): no row holds more than ±MAX_BALANCE_MINOR (the int8 bound). A
 *   change the chosen row cannot take whole goes to the next row up, and a row past the last is
 *   added when needed. So a house account never refuses a posting (one customer can never make
 *   another's fail), every stored value fits its int8 column, and every entry still carries its
 *   row's running balance. Rows are tried upwards only, in id order, which is their lock order.
 */
async function applyToHouse(
  trx: Trx,
  change: RowChange,
  at: number,
  shard: number,
): Promise<RowAfter> {
  for (const delta of [change.available, change.pending]) {
    // A row that could never take the change would make the loop below add rows forever.
    if (delta > MAX_BALANCE_MINOR || -delta > MAX_BALANCE_MINOR)
      throw new RangeError(`house change ${delta} too big`);
  }
  for (let n = shard; ;) {
    const accountId = houseRowId(change.accountId, n);
    let query = updateRow(trx, accountId, change, at);
    for (const [column, delta] of [
      ['available', change.available],
      ['pending', change.pending],
    ] as const) {
      if (delta > 0n) query = query.where(column, '<=', MAX_BALANCE_MINOR - delta);
      if (delta < 0n) query = query.where(column, '>=', -MAX_BALANCE_MINOR - delta);
    }
    const after = await query.returning(RETURNED).executeTakeFirst();
    if (after) return after;
    if (await readBalanceRow(trx, accountId, change.asset)) {
      n++; // full: the next row up
      continue;
    }
    // The account itself has no row: not a house account of this asset (a bug, not a posting).
    if (n === 1)
      throw new Error(`house account ${change.accountId}/${change.asset} has no balance row`);
    // A row past the ones that exist: add it (a concurrent writer may add it first) and retry.
    await trx
      .insertInto('ledger_balances')
      .values({
        account_id: accountId,
        asset: change.asset,
        kind: 'SYSTEM',
        available: 0n,
        pending: 0n,
        version: 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['account_id', 'asset']).doNothing())
      .execute();
  }
}

/** The n-th row of a house account: the account itself, then `~2`, `~3`, … */
export const houseRowId = (accountId: string, n: number): string =>
  n === 1 ? accountId : `${accountId}~${n}`;

/** A house account's balance: the exact sum of its rows (a BigInt, since it has no bound). */
export async function houseBalance(
  db: Db | Trx,
  accountId: string,
  asset: Asset,
): Promise<{ available: bigint; pending: bigint }> {
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['available', 'pending'])
    .where('asset', '=', asset)
    .where((eb) =>
      eb.or([eb('account_id', '=', accountId), eb('account_id', 'like', `${accountId}~%`)]),
    )
    .execute();
  return rows.reduce(
    (sum, row) => ({
      available: sum.available + row.available,
      pending: sum.pending + row.pending,
    }),
    { available: 0n, pending: 0n },
  );
}

const RETURNED = ['account_id', 'available', 'pending', 'version', 'updated_at'] as const;

function updateRow(trx: Trx, accountId: string, change: RowChange, at: number) {
  return trx
    .updateTable('ledger_balances')
    .set((eb) => ({
      available: eb('available', '+', change.available),
      pending: eb('pending', '+', change.pending),
      version: eb('version', '+', 1),
      // Never earlier than the row's previous change: a transaction that read the clock first
      // but got the row lock second still books after the one before it.
      updated_at: sql<number>`case when updated_at > ${at} then updated_at else ${at} end`,
    }))
    .where('account_id', '=', accountId)
    .where('asset', '=', change.asset);
}

/** A balance row right after a change: which row (a house account may have several), its
 *  values, version and booking time. */
export interface RowAfter {
  account_id: string;
  available: bigint;
  pending: bigint;
  version: number;
  updated_at: number;
}

/** A balance row's values, or undefined when it does not exist. */
export function readBalanceRow(
  trx: Trx,
  accountId: string,
  asset: Asset,
): Promise<{ available: bigint; pending: bigint } | undefined> {
  return trx
    .selectFrom('ledger_balances')
    .select(['available', 'pending'])
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .executeTakeFirst();
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

/**
 * The balances of n accounts: a hot read (db/hot-reads.ts) per list size, on the path of every
 * account read and list page. One definition per n (at most a page's 100): the SQL text of
 * `in (…)` depends on the count.
 */
const balancesOfN: HotRead<Record<string, string>, BalanceRow>[] = [];
type BalanceRow = { account_id: string; asset: Asset; available: bigint; pending: bigint };

function balancesOf(count: number): HotRead<Record<string, string>, BalanceRow> {
  let read = balancesOfN[count];
  if (read === undefined) {
    const keys = Array.from({ length: count }, (_, i) => `a${i}`);
    read = hotRead(`balances_of_${count}_accounts`, keys, (db, v: Record<string, string>) =>
      db
        .selectFrom('ledger_balances')
        .select(['account_id', 'asset', 'available', 'pending'])
        .where(
          'account_id',
          'in',
          keys.map((key) => v[key]!),
        ),
    );
    balancesOfN[count] = read;
  }
  return read;
}

/** The balances of several accounts in one query (a list page's worth), by account id. */
export async function balancesOfAccounts(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, Balance[]>> {
  const byAccount = new Map<string, Balance[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return byAccount;
  const rows =
    accountIds.length <= MAX_LIMIT
      ? await runHotRead(
          db,
          balancesOf(accountIds.length),
          Object.fromEntries(accountIds.map((id, i) => [`a${i}`, id])),
        )
      : await db
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
