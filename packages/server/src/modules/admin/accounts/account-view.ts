import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { notFound } from '../../../lib/errors.js';
import { isId } from '../../../lib/ids.js';
import { accountViews, type Account, type AccountRow } from '../../accounts/index.js';
import { findAccountForOperator } from './accounts.repository.js';

/** accounts.schemas.ts OperatorAccount: the customer API's view, with whose it is. */
export interface OperatorAccountView {
  customerId: string;
  account: Account;
}

/** Accounts as an operator sees them, their balances read in one query. */
export async function operatorAccounts(
  db: Db | Trx,
  rows: readonly AccountRow[],
): Promise<OperatorAccountView[]> {
  const accounts = await accountViews(db, rows);
  return accounts.map((account, i) => ({ customerId: rows[i]!.customer_id, account }));
}

/** The account as an operator sees it, or 404 (a malformed id too: customer-view.ts). */
export async function accountOr404(db: Db | Trx, accountId: string): Promise<OperatorAccountView> {
  const row = isId('account', accountId) && (await findAccountForOperator(db, accountId));
  if (!row) throw notFound('Account', accountId);
  const [view] = await operatorAccounts(db, [row]);
  return view!;
}
