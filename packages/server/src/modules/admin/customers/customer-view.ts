import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { toIso } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { isId } from '../../../lib/ids.js';
import type { Customer } from '../../customers/index.js';
import { findCustomerForOperator } from './customers.repository.js';
import type { OperatorCustomer } from './customers.schemas.js';

export const toOperatorCustomer = (row: Customer): OperatorCustomer => ({
  id: row.id,
  name: row.name,
  createdAt: toIso(row.created_at),
});

// Only a well-formed id reaches the database: anything else cannot exist, and some strings (a
// NUL byte) are errors to PostgreSQL rather than misses. As on the customer routes.

/** The customer as an operator sees it, or 404. */
export async function customerOr404(db: Db | Trx, customerId: string): Promise<OperatorCustomer> {
  const row = isId('customer', customerId) && (await findCustomerForOperator(db, customerId));
  if (!row) throw notFound('Customer', customerId);
  return toOperatorCustomer(row);
}
