import type { OperationKind } from '../operation-kind.js';
import { transferLifecycle } from './transfer.js';
import { transferRequest } from './transfer.request.js';

/** The TRANSFER kind: how it is requested, how it settles (at once), and its lifecycle's money. */
export const transferKind: OperationKind = {
  request: transferRequest,
  ...transferLifecycle,
};
