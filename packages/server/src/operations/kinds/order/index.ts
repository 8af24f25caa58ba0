import type { OperationKind } from '../operation-kind.js';
import { orderLifecycle } from './order.js';
import { orderCheckStep } from './order-check.js';
import { orderRequest } from './order.request.js';
import { orderCancelRoutes } from './order-cancel.routes.js';

/** The ORDER kind: how it is requested, how it settles, and its lifecycle's money. */
export const orderKind: OperationKind = {
  type: 'ORDER',
  settlement: 'own',
  request: orderRequest,
  routes: orderCancelRoutes,
  jobs: (deps) => ({
    'operation.order.check': orderCheckStep({
      ...deps,
      checkIntervalMs: deps.orderCheckIntervalMs,
      ...(deps.orderCanFill ? { canFill: deps.orderCanFill } : {}),
    }),
  }),
  ...orderLifecycle,
};
