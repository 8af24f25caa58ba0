import type { OperationKind } from '../operation-kind.js';
import { pixRefundLifecycle } from './pix-refund.js';
import { pixRefundRequest } from './pix-refund.request.js';

/** The PIX_REFUND kind: a devolução of a PIX deposit, settled by the rail like a PIX payment. */
export const pixRefundKind: OperationKind = {
  request: pixRefundRequest,
  ...pixRefundLifecycle,
};
