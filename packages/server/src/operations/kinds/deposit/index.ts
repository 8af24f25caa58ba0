import type { OperationKind } from '../operation-kind.js';
import { depositLifecycle } from './deposit.js';
import { depositExpiryStep } from './deposit-expiry.js';
import { depositRequest } from './deposit.request.js';

/** The DEPOSIT kind: how it is requested, how it settles, and its lifecycle's money. */
export const depositKind: OperationKind = {
  type: 'DEPOSIT',
  settlement: 'funding',
  request: depositRequest,
  jobs: (deps) => ({ 'operation.deposit.expire': depositExpiryStep(deps) }),
  ...depositLifecycle,
};
