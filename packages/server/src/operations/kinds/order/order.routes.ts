import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { rethrowUnlessOnlyOneOf } from '../../../plugins/validation.js';
import { IdempotencyKeyHeaders } from '../../../modules/idempotency/idempotency.schemas.js';
import type { IdempotencyService } from '../../../modules/idempotency/idempotency.service.js';
import { idempotent } from '../../../modules/idempotency/idempotent-route.js';
import type { ExchangeDeps } from '../../operation-deps.js';
import { OrderBody } from './order.schema.js';
import { Operation, OperationParams } from '../../operations.schemas.js';
import { OrdersService } from './order.request.js';

/** Buy and sell orders, and cancelling an open one (docs/api.md "Orders"). */
export const ordersRoutes: FastifyPluginAsyncTypebox<{
  deps: ExchangeDeps;
  idempotency: IdempotencyService;
}> = async (app, { deps, idempotency }) => {
  const orders = new OrdersService(deps);

  app.post(
    '/v1/operations/order',
    {
      attachValidation: true,
      schema: {
        tags: ['operations'],
        summary: 'Place a MARKET or LIMIT order to buy or sell a base asset for a quote asset',
        description:
          'MARKET fills at once at the current price: the operation is COMPLETED in the answer. LIMIT holds what it may spend (BUY: notional + fee in the quote asset at limitPrice; SELL: the base amount) and stays PROCESSING until the price reaches limitPrice (it fills at limitPrice), it expires (FAILED ORDER_EXPIRED) or it is cancelled. Refused with nothing moved: 422 INSUFFICIENT_BALANCE, BALANCE_LIMIT_EXCEEDED (what it buys would take a balance above its maximum; a LIMIT order that would fails with it), RATE_UNAVAILABLE, AMOUNT_TOO_SMALL, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED. Accepts `Idempotency-Key` (docs/api.md "Orders").',
        headers: IdempotencyKeyHeaders,
        body: OrderBody,
        response: {
          201: Type.Ref(Operation),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      rethrowUnlessOnlyOneOf(request);
      const operation = await idempotent(request, reply, idempotency, (complete) =>
        orders.place(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/operations/${operation.id}`).send(operation);
    },
  );

  app.post(
    '/v1/operations/:operationId/cancel',
    {
      schema: {
        tags: ['operations'],
        summary: 'Cancel an open LIMIT order',
        description:
          'An open order (ORDER, PROCESSING) becomes FAILED with reason CANCELLED_BY_CUSTOMER and its hold is released. Anything else (another type, an order already filled, expired or cancelled) → 409 INVALID_STATE. No body (docs/api.md "Orders: cancelling").',
        params: OperationParams,
        response: { 200: Type.Ref(Operation), ...problemResponses(401, 404, 409, 429) },
      },
    },
    async (request) => orders.cancel(request.auth.customerId, request.params.operationId),
  );
};
