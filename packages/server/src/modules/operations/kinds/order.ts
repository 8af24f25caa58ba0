import type { OperationKind } from './operation-kind.js';

/** Placeholder until the ORDER operation lands (issue 8). */
export const orderKind: OperationKind = {
  type: 'ORDER',
  view: () => ({}),
  processing: () => undefined,
  completed: () => Promise.reject(new Error('ORDER is not implemented')),
  failed: () => Promise.reject(new Error('ORDER is not implemented')),
};
