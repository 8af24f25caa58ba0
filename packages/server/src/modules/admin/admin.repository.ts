import type { Db } from '../../db/database.js';
import { applyKeyset } from '../../lib/keyset.js';
import type { KeysetPlan } from '../../lib/pagination.js';
import { operationOfAccount } from '../../operations/index.js';
import type { OperationStatus, OperationType } from '../../operations/index.js';
import type { AccountStatus } from '../accounts/index.js';
import type { InstructionStatus } from '../beneficiaries/index.js';

/**
 * The back-office's reads. Unlike every other repository these are NOT scoped by customer: an
 * operator acts across customers by design. The `ForOperator` suffix keeps that visible, so the
 * "always scoped by the owner" rule stays checkable everywhere else (grep ForOperator).
 */
export function findCustomerForOperator(db: Db, customerId: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

/** Never the secret hash or webhook keys: only what an operator may see. */
const CLIENT_COLUMNS = [
  'id',
  'customer_id',
  'name',
  'environment',
  'status',
  'secret_version',
  'created_at',
  'secret_rotated_at',
] as const;

export function findClientForOperator(db: Db, clientId: string) {
  return db
    .selectFrom('api_clients')
    .select(CLIENT_COLUMNS)
    .where('id', '=', clientId)
    .executeTakeFirst();
}

/** A customer's clients, oldest first (a customer has a handful; no pagination). */
export function listClientsForOperator(db: Db, customerId: string) {
  return db
    .selectFrom('api_clients')
    .select(CLIENT_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type OperatorClientRow = NonNullable<Awaited<ReturnType<typeof findClientForOperator>>>;

export function findInstructionForOperator(db: Db, instructionId: string) {
  return db
    .selectFrom('payment_instructions')
    .selectAll()
    .where('id', '=', instructionId)
    .executeTakeFirst();
}

export function findAccountForOperator(db: Db, accountId: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export function findOperationForOperator(db: Db, operationId: string) {
  return db.selectFrom('operations').selectAll().where('id', '=', operationId).executeTakeFirst();
}

// --- lists across customers (issue 18: what the operator acts on) ---------------------------
// Each returns the page's query, not its rows, so the query-plan test can EXPLAIN exactly what
// runs. Every filter is an equality on the leading column of an index that continues with
// (created_at, id) (migration 0022, or the customer API's when the customer is known).

export function customersForOperatorQuery(db: Db, plan: KeysetPlan) {
  return applyKeyset(db.selectFrom('customers').selectAll(), plan, 'created_at', 'id');
}

export interface OperatorInstructionFilters {
  status?: InstructionStatus | undefined;
  customerId?: string | undefined;
  beneficiaryId?: string | undefined;
}

/** Instructions with their beneficiary's holder (a primary-key join per row of the page). */
export function instructionsForOperatorQuery(
  db: Db,
  filters: OperatorInstructionFilters,
  plan: KeysetPlan,
) {
  let query = db
    .selectFrom('payment_instructions as pi')
    .innerJoin('beneficiaries as b', 'b.id', 'pi.beneficiary_id')
    .selectAll('pi')
    .select(['b.holder_type', 'b.holder_name', 'b.tax_id', 'b.relationship_type']);
  if (filters.status) query = query.where('pi.status', '=', filters.status);
  if (filters.customerId) query = query.where('pi.customer_id', '=', filters.customerId);
  if (filters.beneficiaryId) query = query.where('pi.beneficiary_id', '=', filters.beneficiaryId);
  return applyKeyset(query, plan, 'pi.created_at', 'pi.id');
}

export type OperatorInstructionRow = Awaited<
  ReturnType<ReturnType<typeof instructionsForOperatorQuery>['execute']>
>[number];

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
