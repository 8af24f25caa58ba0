// What bench:webhooks drives below the API, through the server's documented internal seam
// (`@cofre/server/internals`, packages/server/src/internals.ts), never a deep path into dist/.
export {
  recordEvent,
  expandEvent,
  findFanOutEvent,
  JobQueue,
  transact,
} from '@cofre/server/internals';
export { dialectFor } from '@cofre/server';
