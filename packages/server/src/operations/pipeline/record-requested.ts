import { stringifyMoneyJson } from '../../lib/money-json.js';
import { recordEvent } from '../../webhooks/index.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Asset } from '../../lib/money.js';
import { serializeMetadata, type Metadata } from '../../lib/metadata.js';
import type { OperationScheduler } from '../lifecycle/operation-scheduler.js';
import type { OperationType } from '../operation-states.js';
import { toOperation } from '../operation-view.js';
import { insertState } from '../operations.repository.js';
import { countOperationState } from '../../observability/operation-metrics.js';
import type { Operation } from '../operations.schemas.js';
import type { OperationRow, OperationStateRow } from '../operations.table.js';

/** What every operation-creating path shares: the new row, and recording it. */

/** A new operation's row, REQUESTED; `details` is its type's JSON part (kinds/*.ts). */
export function requestedRow(input: {
  id: string;
  customerId: string;
  accountId: string;
  type: OperationType;
  asset: Asset;
  amount: bigint;
  details: object;
  metadata: Metadata;
  externalReference: string | null;
  /** The other account it moves money with (a transfer's destination); absent: none. */
  counterpartyAccountId?: string | undefined;
  now: number;
}): OperationRow {
  return {
    id: input.id,
    customer_id: input.customerId,
    account_id: input.accountId,
    type: input.type,
    status: 'REQUESTED',
    asset: input.asset,
    amount: input.amount,
    details: stringifyMoneyJson(input.details),
    metadata: serializeMetadata(input.metadata),
    reason_code: null,
    reason_message: null,
    external_reference: input.externalReference,
    counterparty_account_id: input.counterpartyAccountId ?? null,
    created_at: input.now,
    updated_at: input.now,
  };
}

/**
 * After the operation's row, in its transaction: the REQUESTED history row, OPERATION_REQUESTED,
 * the scheduler's next steps (the sandbox simulator). Returns the view.
 */
export async function recordRequested(
  tx: Tx,
  deps: { queue: JobQueue; scheduler: OperationScheduler },
  row: OperationRow,
  /** True when the history row was written with the operation (insertOperationWithState). */
  stateWritten = false,
): Promise<Operation> {
  const state: OperationStateRow = {
    operation_id: row.id,
    status: 'REQUESTED',
    reason_code: null,
    reason_message: null,
    at: row.created_at,
    seq: 0,
  };
  if (!stateWritten) await insertState(tx.trx, row.id, state.status, null, state.at, state.seq);
  countOperationState(tx, row.type, state.status);
  // The row and its one state are in hand: the event and the answer are built from them rather
  // than read back (three round trips fewer on the hot path of every creating request).
  const view = toOperation(row, [state]);
  await recordEvent(tx, deps.queue, {
    customerId: row.customer_id,
    type: 'OPERATION_REQUESTED',
    resource: 'OPERATION',
    resourceId: row.id,
    data: view,
    at: row.created_at,
  });
  await deps.scheduler.requested(tx, row);
  return view;
}
