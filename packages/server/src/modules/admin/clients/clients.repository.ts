import type { Db } from '../../../db/database.js';

// Across customers on purpose, like every back-office read (customers.repository.ts).

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
  'permissions',
  'expires_at',
  'allowed_networks',
  'rate_limit',
  'account_ids',
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
