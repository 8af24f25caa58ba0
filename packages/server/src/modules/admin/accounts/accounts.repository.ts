import type { Db } from '../../../db/database.js';
import { applyKeyset } from '../../../lib/keyset.js';
import type { KeysetPlan } from '../../../lib/pagination.js';
import type { AccountStatus } from '../../accounts/index.js';

// Across customers on purpose, like every back-office read; a list returns its query, for the
// query-plan test (customers.repository.ts).

export function findAccountForOperator(db: Db, accountId: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export interface OperatorAccountFilters {
  status?: AccountStatus | undefined;
  customerId?: string | undefined;
}

export function accountsForOperatorQuery(
  db: Db,
  filters: OperatorAccountFilters,
  plan: KeysetPlan,
) {
  let query = db.selectFrom('accounts').selectAll();
  if (filters.customerId) query = query.where('customer_id', '=', filters.customerId);
  if (filters.status) query = query.where('status', '=', filters.status);
  return applyKeyset(query, plan, 'created_at', 'id');
}
