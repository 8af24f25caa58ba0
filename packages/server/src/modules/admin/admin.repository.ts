import type { Db } from '../../db/database.js';

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
