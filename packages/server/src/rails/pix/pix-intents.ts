import type { Tx } from '../../db/transact.js';
import type { OperationRow, OperatorGuard } from '../../operations/index.js';

/**
 * One kind of operation the PIX rail settles (a deposit's charge, a refund, a payout): which
 * operations it takes, the intent it writes in the transaction that created one (docs/rails.md
 * "Intent → effect → outcome"), and what the back-office may still do by hand on one. The rail
 * (pix-rail.ts) routes each operation to the first intent that serves it.
 */
export interface PixIntent {
  readonly name: string;
  serves(operation: OperationRow): boolean;
  requested(tx: Tx, operation: OperationRow): Promise<void>;
  operatorGuard: OperatorGuard;
}

/** The rail's scheduler, `serves` and operator guard over its intents. */
export function routeIntents(intents: readonly PixIntent[]) {
  const find = (operation: OperationRow) => intents.find((i) => i.serves(operation));
  return {
    serves: (operation: OperationRow) => find(operation) !== undefined,
    scheduler: {
      requested: (tx: Tx, operation: OperationRow) =>
        find(operation)?.requested(tx, operation) ?? Promise.resolve(),
    },
    operatorGuard: ((tx, operation, step) =>
      find(operation)?.operatorGuard(tx, operation, step) ??
      Promise.resolve(undefined)) as OperatorGuard,
  };
}
