import type { Db } from '../db/database.js';
import { applyKeyset } from '../lib/keyset.js';
import type { Asset } from '../lib/money.js';
import type { KeysetPlan } from '../lib/pagination.js';
import type { LedgerEntryRow } from './ledger.tables.js';

/**
 * One page of an account's statement: the entries on its available balance (holds show as a
 * DEBIT, releases as a CREDIT; pending's own entries are not listed), optionally of one asset.
 * The caller has checked the account belongs to the customer.
 */
export async function listStatementEntries(
  db: Db,
  accountId: string,
  filters: { asset?: Asset | undefined },
  plan: KeysetPlan,
): Promise<LedgerEntryRow[]> {
  let query = db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('bucket', '=', 'AVAILABLE');
  if (filters.asset) query = query.where('asset', '=', filters.asset);
  return applyKeyset(query, plan, 'position', 'id').execute();
}
