import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import type { RouteApp } from '../../../plugins/route-app.js';
import { acting, actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { ReasonBody } from '../admin.schemas.js';
import { OperationParams, OperatorOperation, ReceiveDepositBody } from './operations.schemas.js';
import type { OperationsAdmin } from './operations.service.js';

/**
 * Any customer's operation: read it, take the steps production's rails report (receive a
 * deposit, complete, fail), or reverse it (docs/admin.md "Operations", "Reversals").
 */
export const operationsRoutes: FastifyPluginAsyncTypebox<{ operations: OperationsAdmin }> = async (
  app,
  { operations },
) => {
  app.get(
    '/admin/v1/operations/:operationId',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: "Any customer's operation, with whose it is",
        params: OperationParams,
        response: { 200: OperatorOperation, ...problemResponses(401, 404) },
      },
    },
    async (request) => operations.get(request.params.operationId),
  );
  registerSteps(app, operations);
  registerReverse(app, operations);
};

/** What production's rails report: a deposit arrived, a payout was made, or it failed. */
function registerSteps(app: RouteApp, operations: OperationsAdmin): void {
  app.post(
    '/admin/v1/operations/:operationId/receive',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary:
          'Mark a REQUESTED deposit received: credit it (optionally a different amount, shown as receivedAmount) and complete it',
        params: OperationParams,
        body: ReceiveDepositBody,
        response: { 200: OperatorOperation, ...acting(404, 409) },
      },
      // The body is optional (no amount = the requested amount): no body reads as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) =>
      operations.receiveDeposit(actionContext(request), request.params.operationId, request.body),
  );

  app.post(
    '/admin/v1/operations/:operationId/complete',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary:
          'Complete a withdrawal, swap, PIX payment or open LIMIT order (through PROCESSING if still REQUESTED): its hold is captured — paid out, converted at the quote, or filled at limitPrice',
        params: OperationParams,
        response: { 200: OperatorOperation, ...acting(404, 409) },
      },
    },
    async (request) => operations.complete(actionContext(request), request.params.operationId),
  );

  app.post(
    '/admin/v1/operations/:operationId/fail',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary:
          'Fail a REQUESTED or PROCESSING operation: a hold (withdrawal, swap, PIX payment, open order) is released, a deposit credits nothing',
        params: OperationParams,
        body: ReasonBody,
        response: { 200: OperatorOperation, ...acting(404, 409) },
      },
    },
    async (request) =>
      operations.fail(actionContext(request), request.params.operationId, request.body.reason),
  );
}

/** A COMPLETED deposit or withdrawal undone by a new REVERSAL operation (201 + Location). */
function registerReverse(app: RouteApp, operations: OperationsAdmin): void {
  app.post(
    '/admin/v1/operations/:operationId/reverse',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary:
          'Reverse a COMPLETED deposit or withdrawal: a new REVERSAL operation, COMPLETED at once, debits the deposit (what was not refunded) or credits the withdrawal back; the original only records reversedBy',
        description:
          'Answers 201 with the reversal. Refused with nothing changed: 404, 409 ALREADY_REVERSED (once per operation), 409 INVALID_STATE (not COMPLETED, another type, a cross-asset one, a deposit refunded in full), 422 INSUFFICIENT_BALANCE (the available balance does not cover a deposit\'s reversal). docs/admin.md "Reversals".',
        params: OperationParams,
        body: ReasonBody,
        response: { 201: OperatorOperation, ...acting(404, 409), ...problemResponses(422) },
      },
    },
    async (request, reply) => {
      const { operationId } = request.params;
      const reversal = await operations.reverse(
        actionContext(request),
        operationId,
        request.body.reason,
      );
      return reply
        .code(201)
        .header('location', `/admin/v1/operations/${reversal.operation.id}`)
        .send(reversal);
    },
  );
}
