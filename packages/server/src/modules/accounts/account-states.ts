import { stateMachine } from '../../lib/state-machine.js';
import type { AccountStatus } from './accounts.table.js';

/**
 * An account's status (docs/api.md "Accounts", docs/admin.md "Freeze"). OPENING becomes ACTIVE
 * when its first asset activates; the back-office freezes an ACTIVE account and unfreezes it
 * back. CLOSED is reserved: nothing closes an account yet. Freezing emits no event (the event
 * catalogue has none for it); the account's `status` shows it.
 */
export const accountMachine = stateMachine<AccountStatus>({
  initial: ['OPENING'],
  edges: {
    OPENING: ['ACTIVE'],
    ACTIVE: ['FROZEN'],
    FROZEN: ['ACTIVE'],
    CLOSED: [],
  },
});
