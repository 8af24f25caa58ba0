import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { reachesAccount, type Owner } from '../../lib/owner.js';
import { findAccount, type AccountRow } from '../../modules/accounts/index.js';

/**
 * The owner's account, or 404 RESOURCE_NOT_FOUND: whether it is another customer's or an account
 * of this customer the client is not bound to (lib/owner.ts), the answer is the same.
 */
export async function ownAccount(db: Db, owner: Owner, accountId: string): Promise<AccountRow> {
  const row =
    isId('account', accountId) && reachesAccount(owner, accountId)
      ? await findAccount(db, owner.customerId, accountId)
      : undefined;
  if (!row) throw notFound('Account', accountId);
  return row;
}
