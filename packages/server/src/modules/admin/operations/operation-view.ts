import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { notFound } from '../../../lib/errors.js';
import { isId } from '../../../lib/ids.js';
import { operationViews, type Operation, type OperationRow } from '../../../operations/index.js';
import { findOperationForOperator } from './operations.repository.js';

/** operations.schemas.ts OperatorOperation: the customer API's view, with whose it is. */
export interface OperatorOperationView {
  customerId: string;
  operation: Operation;
}

/** Operations as an operator sees them (their states read in one query, operation-view.ts). */
export async function operatorOperations(
  db: Db | Trx,
  rows: OperationRow[],
): Promise<OperatorOperationView[]> {
  const operations = await operationViews(db, rows);
  return operations.map((operation, i) => ({ customerId: rows[i]!.customer_id, operation }));
}

/** The operation as an operator sees it, or 404 (a malformed id too: customer-view.ts). */
export async function operationOr404(
  db: Db | Trx,
  operationId: string,
): Promise<OperatorOperationView> {
  const row = isId('operation', operationId) && (await findOperationForOperator(db, operationId));
  if (!row) throw notFound('Operation', operationId);
  const [view] = await operatorOperations(db, [row]);
  return view!;
}
