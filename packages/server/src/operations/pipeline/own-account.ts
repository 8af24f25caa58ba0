import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { findAccount, type AccountRow } from '../../modules/accounts/index.js';

/** The customer's account, or 404 RESOURCE_NOT_FOUND (whether or not it exists for another). */
export async function ownAccount(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<AccountRow> {
  const row = isId('account', accountId) ? await findAccount(db, customerId, accountId) : undefined;
  if (!row) throw notFound('Account', accountId);
  return row;
}
