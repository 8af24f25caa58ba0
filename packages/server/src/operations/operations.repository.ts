import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import { applyKeyset } from '../lib/keyset.js';
import type { KeysetPlan } from '../lib/pagination.js';
import { operationOfAccount } from './kinds/transfer/transfer-account-filter.js';
import type { OperationStatus, OperationType } from './operation-states.js';
import type {
  NewOperationRow,
  OperationRow,
  OperationStateRow,
  Reason,
} from './operations.table.js';

export async function insertOperation(trx: Trx, row: NewOperationRow): Promise<void> {
  await trx.insertInto('operations').values(row).execute();
}

export async function findOperation(
  db: Db,
  customerId: string,
  operationId: string,
): Promise<OperationRow | undefined> {
  return db
    .selectFrom('operations')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', operationId)
    .executeTakeFirst();
}

/** By id alone: for lifecycle steps and the back-office, never for a customer's input. */
export async function findOperationById(
  db: Db,
  operationId: string,
): Promise<OperationRow | undefined> {
  return db.selectFrom('operations').selectAll().where('id', '=', operationId).executeTakeFirst();
}

export interface OperationFilters {
  type?: OperationType | undefined;
  status?: OperationStatus | undefined;
  accountId?: string | undefined;
}

export async function listOperations(
  db: Db,
  customerId: string,
  filters: OperationFilters,
  plan: KeysetPlan,
): Promise<OperationRow[]> {
  let query = db.selectFrom('operations').selectAll().where('customer_id', '=', customerId);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.accountId) {
    const accountId = filters.accountId;
    query = query.where((eb) => operationOfAccount(eb, accountId));
  }
  return applyKeyset(query, plan, 'created_at', 'id').execute();
}

/** The states of these operations, oldest first within each. */
export async function statesOf(db: Db, operationIds: string[]): Promise<OperationStateRow[]> {
  if (operationIds.length === 0) return [];
  return db
    .selectFrom('operation_states')
    .selectAll()
    .where('operation_id', 'in', operationIds)
    .orderBy('operation_id')
    .orderBy('seq')
    .execute();
}

export async function insertState(
  trx: Trx,
  operationId: string,
  status: OperationStatus,
  reason: Reason | null,
  at: number,
  seq: number,
): Promise<void> {
  await trx
    .insertInto('operation_states')
    .values({
      operation_id: operationId,
      status,
      reason_code: reason?.code ?? null,
      reason_message: reason?.message ?? null,
      at,
      seq,
    })
    .execute();
}
