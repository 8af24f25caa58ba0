import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';

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

/** Which of these ids are accounts of the customer (a client's binding is checked against them). */
export async function customerAccountIds(
  db: Db | Trx,
  customerId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}
