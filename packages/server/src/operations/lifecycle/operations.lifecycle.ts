import { stringifyMoneyJson } from '../../lib/money-json.js';
import { recordEvent } from '../../webhooks/index.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import { assertInt64 } from '../../lib/money.js';
import { moveState } from '../../lib/state-machine.js';
import { KIND_LIFECYCLES } from '../kinds/lifecycles.js';
import { parseDeposit } from '../kinds/deposit/deposit.js';
import { operationViews } from '../operation-view.js';
import {
  OPERATION_STATUSES,
  operationMachine,
  type OperationStatus,
  type OperationType,
} from '../operation-states.js';
import { findOperationById, insertState } from '../operations.repository.js';
import { countOperationState } from '../../observability/operation-metrics.js';
import type { OperationRow, Reason } from '../operations.table.js';

/**
 * An operation's transitions after it was requested, for the sandbox simulator (sandbox/steps)
 * and the back-office. Each runs in the caller's transaction: the compare-and-set on the status
 * (operation-states.ts), its state-history row, the ledger movement of the operation's kind and
 * its event commit or roll back together. Each returns whether it moved the operation; false
 * (unknown id, wrong type, or no longer in a state it may leave that way) means a duplicate or
 * late step, and nothing else happened.
 */
export interface LifecycleDeps {
  queue: JobQueue;
}

/**
 * The deposit's money arrived: REQUESTED → PROCESSING → COMPLETED, crediting `amount` (minor
 * units; default the requested amount) in one journal.
 */
export async function receiveDeposit(
  tx: Tx,
  deps: LifecycleDeps,
  operationId: string,
  input: { amount?: bigint; at: number },
): Promise<boolean> {
  if (input.amount !== undefined && !(assertInt64(input.amount) > 0n)) {
    throw new RangeError('a received amount must be greater than zero');
  }
  const row = await move(tx, operationId, 'PROCESSING', { at: input.at, type: 'DEPOSIT' });
  if (!row) return false;
  const details = { ...parseDeposit(row.details), receivedAmount: input.amount ?? row.amount };
  await tx.trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details) })
    .where('id', '=', row.id)
    .execute();
  return completeOperation(tx, deps, operationId, input.at);
}

/** REQUESTED → PROCESSING (a PIX withdrawal gets its end-to-end id). No event. */
export async function startProcessing(
  tx: Tx,
  _deps: LifecycleDeps,
  operationId: string,
  at: number,
): Promise<boolean> {
  const row = await move(tx, operationId, 'PROCESSING', { at });
  if (!row) return false;
  const details = KIND_LIFECYCLES[row.type].processing(row, at);
  if (details !== undefined) {
    await tx.trx.updateTable('operations').set({ details }).where('id', '=', row.id).execute();
  }
  return true;
}

/** PROCESSING → COMPLETED: the kind's money moves (a withdrawal's hold is captured). */
export async function completeOperation(
  tx: Tx,
  deps: LifecycleDeps,
  operationId: string,
  at: number,
): Promise<boolean> {
  const row = await move(tx, operationId, 'COMPLETED', { at });
  if (!row) return false;
  await KIND_LIFECYCLES[row.type].completed(tx, row, at);
  await announce(tx, deps, row, 'OPERATION_COMPLETED', at);
  return true;
}

/** REQUESTED | PROCESSING → FAILED with `reason` (a withdrawal's hold is released). */
export async function failOperation(
  tx: Tx,
  deps: LifecycleDeps,
  operationId: string,
  reason: Reason,
  at: number,
): Promise<boolean> {
  const row = await move(tx, operationId, 'FAILED', { at, reason });
  if (!row) return false;
  await KIND_LIFECYCLES[row.type].failed(tx, row, at);
  await announce(tx, deps, row, 'OPERATION_FAILED', at);
  return true;
}

/**
 * The compare-and-set, written before anything is read (docs/architecture.md "Write first, read
 * after"), then the history row. Returns the row as it is after the move, or undefined.
 */
async function move(
  tx: Tx,
  operationId: string,
  to: OperationStatus,
  options: { at: number; reason?: Reason; type?: OperationType },
): Promise<OperationRow | undefined> {
  const reason = options.reason ?? null;
  const moved = await moveState(operationMachine, to, {
    update: async (from) => {
      let query = tx.trx
        .updateTable('operations')
        .set({
          status: to,
          ...(reason ? { reason_code: reason.code, reason_message: reason.message } : {}),
          updated_at: options.at,
        })
        .where('id', '=', operationId)
        .where('status', 'in', from);
      if (options.type) query = query.where('type', '=', options.type);
      return query.executeTakeFirst();
    },
    // Every path through the machine visits states in OPERATION_STATUSES order, so the index
    // orders one operation's history.
    after: () =>
      insertState(tx.trx, operationId, to, reason, options.at, OPERATION_STATUSES.indexOf(to)),
  });
  if (moved === 0) return undefined;
  const row = await findOperationById(tx.trx, operationId);
  if (row) countOperationState(tx, row.type, to);
  return row;
}

/** The event with the operation as the API shows it now (read after the writes above). */
export async function announce(
  tx: Tx,
  deps: LifecycleDeps,
  row: OperationRow,
  type:
    | 'OPERATION_REQUESTED'
    | 'OPERATION_FUNDING_INSTRUCTION_READY'
    | 'OPERATION_COMPLETED'
    | 'OPERATION_FAILED',
  at: number,
): Promise<void> {
  const current = (await findOperationById(tx.trx, row.id)) ?? row;
  const [data] = await operationViews(tx.trx, [current]);
  await recordEvent(tx, deps.queue, {
    customerId: row.customer_id,
    type,
    resource: 'OPERATION',
    resourceId: row.id,
    data,
    at,
  });
}

/** An operation by id alone, for steps deciding what to do (sandbox magic values). */
export const operationForLifecycle = (tx: Tx, operationId: string) =>
  findOperationById(tx.trx, operationId);
