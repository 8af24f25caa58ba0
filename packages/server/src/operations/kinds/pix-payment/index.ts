import type { OperationKind } from '../operation-kind.js';
import { pixPaymentLifecycle } from './pix-payment.js';
import { pixPaymentRequest } from './pix-payment.request.js';

/** The PIX_PAYMENT kind: how it is requested, how it settles, and its lifecycle's money. */
export const pixPaymentKind: OperationKind = {
  request: pixPaymentRequest,
  ...pixPaymentLifecycle,
};
