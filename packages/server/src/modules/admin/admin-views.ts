import type { Trx } from '../../db/transact.js';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { getBalances } from '../../ledger/index.js';
import { toAccount } from '../accounts/index.js';
import type { Account } from '../accounts/index.js';
import type { PaymentInstruction } from '../beneficiaries/index.js';
import { toInstruction } from '../beneficiaries/index.js';
import type { Customer } from '../customers/index.js';
import { type Operation, operationViews } from '../../operations/index.js';
import type { Db } from '../../db/database.js';
import {
  findAccountForOperator,
  findClientForOperator,
  findCustomerForOperator,
  findInstructionForOperator,
  findOperationForOperator,
  type OperatorClientRow,
} from './admin.repository.js';
import type { AuditEntry, OperatorClient, OperatorCustomer } from './admin.schemas.js';
import type { AdminActionRow } from './admin-actions.table.js';

/** Row → operator view mappings, and "read it or 404" for each subject the back-office acts on. */
export const toOperatorCustomer = (row: Customer): OperatorCustomer => ({
  id: row.id,
  name: row.name,
  createdAt: toIso(row.created_at),
});

export const toOperatorClient = (row: OperatorClientRow): OperatorClient => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  environment: row.environment,
  status: row.status,
  secretVersion: row.secret_version,
  createdAt: toIso(row.created_at),
  secretRotatedAt: toIso(row.secret_rotated_at),
});

export interface OperatorInstructionView {
  customerId: string;
  beneficiaryId: string;
  instruction: PaymentInstruction;
}
export interface OperatorOperationView {
  customerId: string;
  operation: Operation;
}
export interface OperatorAccountView {
  customerId: string;
  account: Account;
}
/** A row of the review queue (admin-lists.schemas.ts OperatorInstructionItem). */
export interface OperatorInstructionItem extends OperatorInstructionView {
  holder: { type: 'INDIVIDUAL' | 'COMPANY'; name: string; taxId: string };
  relationshipType: 'SELF_OWNED' | 'THIRD_PARTY';
  removedAt: string | null;
}

/**
 * Whose the back-office's cursors are (the audit log's and every list's): never a customer id
 * (`cus_…`), so no customer's cursor is accepted by an operator's list, nor the reverse.
 */
export const OPERATOR_CURSOR_OWNER = 'admin';

export const toAuditEntry = (row: AdminActionRow): AuditEntry => ({
  id: row.id,
  actor: row.actor,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  before: row.before === null ? null : (JSON.parse(row.before) as object),
  after: row.after === null ? null : (JSON.parse(row.after) as object),
  requestId: row.request_id,
  createdAt: toIso(row.created_at),
});

// Below, only a well-formed id reaches the database: anything else cannot exist, and some
// strings (a NUL byte) are errors to PostgreSQL rather than misses. As on the customer routes.

export async function customerOr404(db: Db | Trx, customerId: string): Promise<OperatorCustomer> {
  const row = isId('customer', customerId) && (await findCustomerForOperator(db, customerId));
  if (!row) throw notFound('Customer', customerId);
  return toOperatorCustomer(row);
}

export async function clientOr404(db: Db | Trx, clientId: string): Promise<OperatorClient> {
  const row = isId('client', clientId) && (await findClientForOperator(db, clientId));
  if (!row) throw notFound('API client', clientId);
  return toOperatorClient(row);
}

export async function instructionOr404(
  db: Db | Trx,
  instructionId: string,
): Promise<OperatorInstructionView> {
  const row =
    isId('paymentInstruction', instructionId) &&
    (await findInstructionForOperator(db, instructionId));
  if (!row) throw notFound('Payment instruction', instructionId);
  return {
    customerId: row.customer_id,
    beneficiaryId: row.beneficiary_id,
    instruction: toInstruction(row),
  };
}

export async function accountOr404(db: Db | Trx, accountId: string): Promise<OperatorAccountView> {
  const row = isId('account', accountId) && (await findAccountForOperator(db, accountId));
  if (!row) throw notFound('Account', accountId);
  return { customerId: row.customer_id, account: toAccount(row, await getBalances(db, row.id)) };
}

export async function operationOr404(
  db: Db | Trx,
  operationId: string,
): Promise<OperatorOperationView> {
  const row = isId('operation', operationId) && (await findOperationForOperator(db, operationId));
  if (!row) throw notFound('Operation', operationId);
  const [operation] = await operationViews(db, [row]);
  return { customerId: row.customer_id, operation: operation! };
}
