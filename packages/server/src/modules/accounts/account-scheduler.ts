import type { Tx } from '../../db/transact.js';
import type { AccountRow } from './accounts.table.js';

/**
 * The port through which accounts announce "this account needs its next lifecycle step". The
 * service does not know who takes the step: the sandbox simulator schedules it as a job
 * (sandbox/simulator.ts); production's back-office will drive the same transitions
 * (accounts.lifecycle.ts) by hand, so there the port does nothing. app.ts picks one.
 */
export interface AccountLifecycleScheduler {
  /** Called in the transaction that opened the account. */
  opened(tx: Tx, account: AccountRow): Promise<void>;
}

/** Production: nothing is scheduled; an operator moves the account on. */
export const manualAccountLifecycle: AccountLifecycleScheduler = {
  opened: () => Promise.resolve(),
};
