import type { Tx } from '../../db/transact.js';
import type { OperationType } from '../operation-states.js';
import type { OperationRow } from '../operations.table.js';

/**
 * What differs between operation types, as one small object each (deposit.ts, withdrawal.ts;
 * swaps, orders and PIX payments add theirs): the fields the API shows beyond the common ones,
 * and the money each transition moves, in the transition's transaction.
 */
export interface OperationKind {
  readonly type: OperationType;
  /** The type's own fields of the operation view, from the stored details. */
  view(row: OperationRow): Record<string, unknown>;
  /** New details when processing starts (e.g. an end-to-end id), or undefined to keep them. */
  processing(row: OperationRow, at: number): string | undefined;
  /** The ledger side of COMPLETED. */
  completed(tx: Tx, row: OperationRow, at: number): Promise<void>;
  /** The ledger side of FAILED. */
  failed(tx: Tx, row: OperationRow, at: number): Promise<void>;
}
