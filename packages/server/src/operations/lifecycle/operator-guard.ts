import type { Tx } from '../../db/transact.js';
import type { OperationRow } from '../operations.table.js';

/** A back-office step on an operation (docs/admin.md "Operations"). */
export type OperatorStep = 'receive' | 'complete' | 'fail';

/**
 * The port through which whoever settles an operation may refuse a back-office step on it: a
 * rail (docs/rails.md "The back-office and rails") settles its operations from the outside
 * system, so an operator marking one received or paid would credit or pay it twice. Answers why
 * the step is refused (→ 409), or undefined to let it go on, in the step's own transaction.
 */
export type OperatorGuard = (
  tx: Tx,
  operation: OperationRow,
  step: OperatorStep,
) => Promise<string | undefined>;

/** Where nothing settles by itself (the sandbox's simulator aside), the operator may do every step. */
export const operatorMayDoAnything: OperatorGuard = () => Promise.resolve(undefined);
