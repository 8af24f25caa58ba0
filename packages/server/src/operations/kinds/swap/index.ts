import type { OperationKind } from '../operation-kind.js';
import { swapLifecycle } from './swap.js';
import { swapRequest } from './swap.request.js';

/** The SWAP kind: how it is requested, how it settles, and its lifecycle's money. */
export const swapKind: OperationKind = {
  request: swapRequest,
  ...swapLifecycle,
};
