import type { OperationKind } from '../operation-kind.js';
import { depositLifecycle } from './deposit.js';
import { depositExpiry } from './deposit-expiry.js';
import { depositRequest } from './deposit.request.js';

/** The DEPOSIT kind: how it is requested, how it settles, and its lifecycle's money. */
export const depositKind: OperationKind = {
  request: depositRequest,
  jobs: { 'operation.deposit.expire': depositExpiry },
  ...depositLifecycle,
};
