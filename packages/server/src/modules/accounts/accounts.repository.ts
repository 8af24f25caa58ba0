import type { Db } from '../../db/database.js';
import { applyKeyset } from '../../lib/keyset.js';
import type { KeysetPlan } from '../../lib/pagination.js';
import type {
  AccountAssetRow,
  AccountRow,
  AccountStatus,
  AccountType,
  NewAccountRow,
} from './accounts.table.js';

export async function insertAccount(
  db: Db,
  account: NewAccountRow,
  assets: AccountAssetRow[],
): Promise<void> {
  await db.insertInto('accounts').values(account).execute();
  await db.insertInto('account_assets').values(assets).execute();
}

export async function findAccount(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export interface AccountFilters {
  type?: AccountType | undefined;
  status?: AccountStatus | undefined;
}

export async function listAccounts(
  db: Db,
  customerId: string,
  filters: AccountFilters,
  plan: KeysetPlan,
): Promise<AccountRow[]> {
  let query = db.selectFrom('accounts').selectAll().where('customer_id', '=', customerId);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) query = query.where('status', '=', filters.status);
  return applyKeyset(query, plan, 'created_at', 'id').execute();
}

/** Assets of the given accounts, in the order each account requested them. */
export async function listAssetsOf(db: Db, accountIds: string[]): Promise<AccountAssetRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('account_assets')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('position')
    .execute();
}
