import { stateMachine } from '../../lib/state-machine.js';
import type { ClientStatus } from './customers.table.js';

/**
 * An API client is ACTIVE or DISABLED; the back-office moves it both ways (docs/admin.md). A
 * DISABLED client gets `invalid_client` at the token endpoint, and its tokens stop working
 * within COFRE_CLIENT_CACHE_TTL_MS (oauth/client-state-cache.ts).
 */
export const clientMachine = stateMachine<ClientStatus>({
  initial: ['ACTIVE'],
  edges: { ACTIVE: ['DISABLED'], DISABLED: ['ACTIVE'] },
});
