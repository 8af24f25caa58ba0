import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import { applyKeyset } from '../lib/keyset.js';
import type { Asset } from '../lib/money.js';
import type { KeysetPlan } from '../lib/pagination.js';
import { positionAfter } from './balances-at.js';
import type { LedgerEntryRow } from './ledger.tables.js';

/** Which entries a statement lists: optionally one asset, optionally a period. */
export interface StatementFilters {
  asset?: Asset | undefined;
  /** Only entries booked after this instant (ms; exclusive: it is the opening balance's). */
  bookedAfter?: number | undefined;
  /** Only entries booked at or before this instant (ms; inclusive, like balancesAt). */
  bookedUntil?: number | undefined;
}

/**
 * One page of an account's statement: the entries on its available balance (holds show as a
 * DEBIT, releases as a CREDIT; pending's own entries are not listed), optionally of one asset
 * and of one period (bookedAfter, bookedUntil], the period whose opening and closing balances
 * balancesAt gives for the same two instants. The caller has checked the account belongs to
 * the customer.
 */
export function listStatementEntries(
  db: Db | Trx,
  accountId: string,
  filters: StatementFilters,
  plan: KeysetPlan,
): Promise<LedgerEntryRow[]> {
  return statementPageQuery(db, accountId, filters, plan).execute();
}

/** The query of one statement page (exported for its query-plan test). */
export function statementPageQuery(
  db: Db | Trx,
  accountId: string,
  filters: StatementFilters,
  plan: KeysetPlan,
) {
  let query = db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('bucket', '=', 'AVAILABLE');
  if (filters.asset) query = query.where('asset', '=', filters.asset);
  // Bounds on `position` rather than `created_at`: the same instants, as ranges of the index the
  // statement is read from (balances-at.ts positionAfter).
  if (filters.bookedAfter !== undefined) {
    query = query.where('position', '>=', positionAfter(filters.bookedAfter));
  }
  if (filters.bookedUntil !== undefined) {
    query = query.where('position', '<', positionAfter(filters.bookedUntil));
  }
  return applyKeyset(query, plan, 'position', 'id');
}
