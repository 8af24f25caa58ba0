import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { findAccount } from '../accounts/accounts.repository.js';
import type { AccountRow } from '../accounts/accounts.table.js';
import type { CompleteIdempotent } from '../idempotency/idempotency.service.js';
import type { OperationScheduler } from './operation-scheduler.js';
import { operationViews } from './operation-view.js';
import { announce } from './operations.lifecycle.js';
import { insertState } from './operations.repository.js';
import type { Operation } from './operations.schemas.js';
import type { OperationRow } from './operations.table.js';

/** What every operation-creating service shares: whose account, and recording the request. */

/** The customer's account, or 404 RESOURCE_NOT_FOUND (whether or not it exists for another). */
export async function ownAccount(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<AccountRow> {
  const row = isId('account', accountId) ? await findAccount(db, customerId, accountId) : undefined;
  if (!row) throw notFound('Account', accountId);
  return row;
}

/**
 * After the operation's row, in its transaction: the REQUESTED history row, OPERATION_REQUESTED,
 * the scheduler's next steps (the sandbox simulator) and the idempotent answer. Returns the view.
 */
export async function recordRequested(
  tx: Tx,
  deps: { queue: JobQueue; scheduler: OperationScheduler },
  row: OperationRow,
  complete: CompleteIdempotent,
): Promise<Operation> {
  await insertState(tx.trx, row.id, 'REQUESTED', null, row.created_at, 0);
  await announce(tx, deps, row, 'OPERATION_REQUESTED', row.created_at);
  await deps.scheduler.requested(tx, row);
  const [view] = await operationViews(tx.trx, [row]);
  await complete(tx.trx, 201, view!);
  return view!;
}
