import type { Tx } from '../../db/transact.js';
import type { OperationRow } from '../operations.table.js';

/**
 * The port through which operations announce "this operation was requested". The sandbox
 * simulator schedules its next steps as jobs (sandbox/simulator.ts); in production real rails or
 * the back-office move it on (operations.lifecycle.ts), so there the port does nothing.
 */
export interface OperationScheduler {
  /** Called in the transaction that created the operation. */
  requested(tx: Tx, operation: OperationRow): Promise<void>;
}

export const manualOperations: OperationScheduler = {
  requested: () => Promise.resolve(),
};
