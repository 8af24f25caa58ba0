import type { Db } from '../../../db/database.js';
import { applyKeyset } from '../../../lib/keyset.js';
import type { KeysetPlan } from '../../../lib/pagination.js';
import {
  operationOfAccount,
  type OperationStatus,
  type OperationType,
} from '../../../operations/index.js';

// Across customers on purpose, like every back-office read; a list returns its query, for the
// query-plan test (customers.repository.ts).

export function findOperationForOperator(db: Db, operationId: string) {
  return db.selectFrom('operations').selectAll().where('id', '=', operationId).executeTakeFirst();
}

export interface OperatorOperationFilters {
  status?: OperationStatus | undefined;
  type?: OperationType | undefined;
  customerId?: string | undefined;
  /** With `customerId` (the account's customer), so the customer's account index serves it. */
  accountId?: string | undefined;
}

export function operationsForOperatorQuery(
  db: Db,
  filters: OperatorOperationFilters,
  plan: KeysetPlan,
) {
  let query = db.selectFrom('operations').selectAll();
  if (filters.customerId) query = query.where('customer_id', '=', filters.customerId);
  if (filters.accountId) {
    const accountId = filters.accountId;
    query = query.where((eb) => operationOfAccount(eb, accountId));
  }
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.type) query = query.where('type', '=', filters.type);
  return applyKeyset(query, plan, 'created_at', 'id');
}
