import type { OperationKind } from './operation-kind.js';

/** Placeholder until the SWAP operation lands (issue 8). */
export const swapKind: OperationKind = {
  type: 'SWAP',
  view: () => ({}),
  processing: () => undefined,
  completed: () => Promise.reject(new Error('SWAP is not implemented')),
  failed: () => Promise.reject(new Error('SWAP is not implemented')),
};
