import type { OperationKind } from '../operation-kind.js';
import { withdrawalLifecycle } from './withdrawal.js';
import { withdrawalRequest } from './withdrawal.request.js';

/** The WITHDRAWAL kind: how it is requested, how it settles, and its lifecycle's money. */
export const withdrawalKind: OperationKind = {
  request: withdrawalRequest,
  ...withdrawalLifecycle,
};
