import type { OperationKind } from '../operation-kind.js';
import { CANCELLED_BY_CUSTOMER, orderLifecycle } from './order.js';
import { orderCheck } from './order-check.js';
import { orderRequest } from './order.request.js';

/** The ORDER kind: how it is requested, how it settles, and its lifecycle's money. */
export const orderKind: OperationKind = {
  request: orderRequest,
  jobs: { 'operation.order.check': orderCheck },
  cancel: { reason: CANCELLED_BY_CUSTOMER, name: 'order' },
  ...orderLifecycle,
};
