import type { Tx } from '../db/transact.js';
import { operationStates } from './metrics.js';

/**
 * Counts an operation reaching `status` in `cofre_operations_total`, once its transaction has
 * committed: a rolled-back request or a duplicate step counts nothing.
 */
export function countOperationState(tx: Tx, type: string, status: string): void {
  tx.afterCommit(() => operationStates.inc({ type, status }));
}
