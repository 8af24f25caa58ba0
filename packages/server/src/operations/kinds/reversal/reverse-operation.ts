import type { Tx } from '../../../db/transact.js';
import type { JobQueue } from '../../../jobs/index.js';
import { InsufficientFundsError } from '../../../ledger/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { parseMetadata } from '../../../lib/metadata.js';
import { newId } from '../../../lib/ids.js';
import { formatAmount } from '../../../lib/money.js';
import { completeOperation, startProcessing } from '../../lifecycle/operations.lifecycle.js';
import { manualOperations } from '../../lifecycle/operation-scheduler.js';
import { insertOperation } from '../../operations.repository.js';
import type { OperationRow, Reason } from '../../operations.table.js';
import { recordRequested, requestedRow } from '../../pipeline/record-requested.js';
import { parseDeposit } from '../deposit/deposit.js';
import {
  lockOriginal,
  REFUND_TRAIL,
  writeTrail,
  type RefundTrail,
} from '../pix-refund/refundable.js';
import type { ReversalDetails } from './reversal.js';

const invalidState = (detail: string) => new AppError('INVALID_STATE', { detail });

/**
 * The back-office reverses a COMPLETED deposit or withdrawal (docs/admin.md "Reversals"): a new
 * REVERSAL operation of the same customer and account, never an edit of the original, which
 * only records `reversedBy`. It runs in the caller's transaction (the audited admin action), so
 * the reversal, its states and events (OPERATION_REQUESTED, OPERATION_COMPLETED), its journal,
 * the original's mark and the audit row commit together or not at all.
 *
 * The original's row is locked first (as refunds lock it): a second reversal, or a refund racing
 * this one, waits and then sees `reversedBy`. Returns the reversal's id.
 */
export async function reverseOperation(
  tx: Tx,
  deps: { queue: JobQueue },
  input: { operationId: string; reason: Reason; at: number },
): Promise<string> {
  const { operationId, reason, at } = input;
  const original = await lockOriginal(tx.trx, operationId);
  if (!original) throw notFound('Operation', operationId);
  const { type, amount } = reversible(original);
  const id = newId('operation', at);
  const details: ReversalDetails = { originalOperationId: original.id, originalType: type, reason };
  const row = requestedRow({
    id,
    customerId: original.customer_id,
    accountId: original.account_id,
    type: 'REVERSAL',
    asset: original.asset,
    amount,
    details,
    // The compensating operation carries what the original was tagged with; no reference of
    // its own (references are the customer's, and this one is the back-office's).
    metadata: parseMetadata(original.metadata),
    externalReference: null,
    now: at,
  });
  await insertOperation(tx.trx, row);
  // Nothing simulates a reversal (its settlement is `own`): it completes just below.
  await recordRequested(tx, { queue: deps.queue, scheduler: manualOperations }, row);
  await writeTrail(tx.trx, original, { reversedBy: id }, at);
  await startProcessing(tx, deps, id, at);
  try {
    await completeOperation(tx, deps, id, at);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    throw new AppError('INSUFFICIENT_BALANCE', {
      detail: `The available ${original.asset} balance of account ${original.account_id} does not cover ${formatAmount(amount, original.asset)} ${original.asset}, the deposit's reversal; nothing was moved.`,
    });
  }
  return id;
}

/**
 * Which originals may be reversed, and by how much: a COMPLETED deposit (what arrived, less what
 * was refunded) or withdrawal (its amount; its fees stay charged), once, without a conversion.
 */
function reversible(original: OperationRow): { type: 'DEPOSIT' | 'WITHDRAWAL'; amount: bigint } {
  const id = original.id;
  const trail = REFUND_TRAIL.parse(original.details) as RefundTrail & { conversion?: unknown };
  if (trail.reversedBy !== undefined) {
    throw new AppError('ALREADY_REVERSED', {
      detail: `Operation ${id} was already reversed by ${trail.reversedBy}.`,
    });
  }
  if (original.type !== 'DEPOSIT' && original.type !== 'WITHDRAWAL') {
    throw invalidState(
      `Operation ${id} is a ${original.type}; only a deposit or a withdrawal can be reversed.`,
    );
  }
  if (original.status !== 'COMPLETED') {
    throw invalidState(`Operation ${id} is ${original.status}; only a COMPLETED one is reversed.`);
  }
  if (trail.conversion !== undefined) {
    throw invalidState(
      `Operation ${id} converted at a quote; a cross-asset operation cannot be reversed.`,
    );
  }
  if (original.type === 'WITHDRAWAL') return { type: 'WITHDRAWAL', amount: original.amount };
  const received = parseDeposit(original.details).receivedAmount ?? original.amount;
  const amount = received - (trail.refundedAmount ?? 0n);
  if (amount <= 0) {
    throw invalidState(`Deposit ${id} was refunded in full; nothing is left to reverse.`);
  }
  return { type: 'DEPOSIT', amount };
}
