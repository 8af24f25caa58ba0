import type { OperationKind } from './operation-kind.js';

/** Placeholder until the PIX_PAYMENT operation lands (issue 8). */
export const pixPaymentKind: OperationKind = {
  type: 'PIX_PAYMENT',
  view: () => ({}),
  processing: () => undefined,
  completed: () => Promise.reject(new Error('PIX_PAYMENT is not implemented')),
  failed: () => Promise.reject(new Error('PIX_PAYMENT is not implemented')),
};
