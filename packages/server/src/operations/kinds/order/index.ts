import type { OperationKind } from '../operation-kind.js';
import { orderLifecycle } from './order.js';
import { orderRequest } from './order.request.js';
import { orderCancelRoutes } from './order-cancel.routes.js';

/** The ORDER kind: how it is requested, how it settles, and its lifecycle's money. */
export const orderKind: OperationKind = {
  type: 'ORDER',
  settlement: 'own',
  request: orderRequest,
  routes: orderCancelRoutes,
  ...orderLifecycle,
};
