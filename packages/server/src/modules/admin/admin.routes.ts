import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ADMIN_TAG } from '../../plugins/openapi.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import {
  AccountAssetParams,
  AccountParams,
  AuditLogPage,
  AuditLogQuery,
  ClientParams,
  CreateClientBody,
  CreateCustomerBody,
  CustomerParams,
  InstructionParams,
  IssuedCredentials,
  OperatorAccount,
  OperatorClient,
  OperatorClientList,
  OperatorCustomer,
  OperatorInstruction,
  OperatorOperation,
  OperationParams,
  ReasonBody,
  ReceiveDepositBody,
  RotatedSecret,
} from './admin.schemas.js';
import type { AdminService } from './admin.service.js';
import type { ActionContext } from './audited.js';

/**
 * The back-office API (docs/admin.md), registered by app.ts inside the /admin/v1 scope behind
 * plugins/admin-auth.ts, only when COFRE_ADMIN_TOKEN is set — and so in /openapi.json only
 * then, under the ADMIN_TAG tag with the `adminToken` scheme (plugins/openapi.ts): a server
 * without the token does not advertise an operator surface. docs/admin.md documents each route.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  const ctx = (request: FastifyRequest): ActionContext => ({
    actor: request.adminActor,
    requestId: request.id,
  });
  const base = { tags: [ADMIN_TAG], security: [{ adminToken: [] }] };
  const acting = (...statuses: (404 | 409)[]) => problemResponses(400, 401, ...statuses, 413, 415);

  app.post(
    '/admin/v1/customers',
    {
      schema: {
        ...base,
        summary: 'Create a customer with one API client (the secret is shown once)',
        body: CreateCustomerBody,
        response: { 201: IssuedCredentials, ...acting() },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await admin.createCustomer(ctx(request), request.body)),
  );

  app.get(
    '/admin/v1/customers/:customerId',
    {
      schema: {
        ...base,
        params: CustomerParams,
        response: { 200: OperatorCustomer, ...problemResponses(401, 404) },
      },
    },
    async (request) => admin.getCustomer(request.params.customerId),
  );

  app.get(
    '/admin/v1/customers/:customerId/clients',
    {
      schema: {
        ...base,
        summary: "A customer's API clients (never their secrets)",
        params: CustomerParams,
        response: { 200: OperatorClientList, ...problemResponses(401, 404) },
      },
    },
    async (request) => admin.listClients(request.params.customerId),
  );

  app.post(
    '/admin/v1/customers/:customerId/clients',
    {
      schema: {
        ...base,
        summary: 'Create another API client for a customer (the secret is shown once)',
        params: CustomerParams,
        body: CreateClientBody,
        response: { 201: IssuedCredentials, ...acting(404) },
      },
    },
    async (request, reply) => {
      const issued = await admin.createClient(
        ctx(request),
        request.params.customerId,
        request.body,
      );
      return reply.code(201).send(issued);
    },
  );

  app.post(
    '/admin/v1/clients/:clientId/rotateSecret',
    {
      schema: {
        ...base,
        summary: "Replace a client's secret (webhooks keep the old key for the grace window)",
        params: ClientParams,
        response: { 200: RotatedSecret, ...acting(404) },
      },
    },
    async (request) => admin.rotateSecret(ctx(request), request.params.clientId),
  );

  for (const [verb, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/admin/v1/clients/:clientId/${verb}`,
      {
        schema: {
          ...base,
          summary: `${verb === 'disable' ? 'Disable' : 'Re-enable'} an API client`,
          params: ClientParams,
          response: { 200: OperatorClient, ...acting(404, 409) },
        },
      },
      async (request) => admin.setClientEnabled(ctx(request), request.params.clientId, enabled),
    );
  }

  app.get(
    '/admin/v1/paymentInstructions/:instructionId',
    {
      schema: {
        ...base,
        params: InstructionParams,
        response: { 200: OperatorInstruction, ...problemResponses(401, 404) },
      },
    },
    async (request) => admin.getInstruction(request.params.instructionId),
  );

  app.post(
    '/admin/v1/paymentInstructions/:instructionId/approve',
    {
      schema: {
        ...base,
        params: InstructionParams,
        response: { 200: OperatorInstruction, ...acting(404, 409) },
      },
    },
    async (request) =>
      admin.decideInstruction(ctx(request), request.params.instructionId, { approve: true }),
  );

  app.post(
    '/admin/v1/paymentInstructions/:instructionId/reject',
    {
      schema: {
        ...base,
        params: InstructionParams,
        body: ReasonBody,
        response: { 200: OperatorInstruction, ...acting(404, 409) },
      },
    },
    async (request) =>
      admin.decideInstruction(ctx(request), request.params.instructionId, {
        approve: false,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/admin/v1/accounts/:accountId',
    {
      schema: {
        ...base,
        params: AccountParams,
        response: { 200: OperatorAccount, ...problemResponses(401, 404) },
      },
    },
    async (request) => admin.getAccount(request.params.accountId),
  );

  app.post(
    '/admin/v1/accounts/:accountId/assets/:asset/activate',
    {
      schema: {
        ...base,
        params: AccountAssetParams,
        response: { 200: OperatorAccount, ...acting(404, 409) },
      },
    },
    async (request) =>
      admin.activateAsset(ctx(request), request.params.accountId, request.params.asset),
  );

  app.post(
    '/admin/v1/accounts/:accountId/assets/:asset/fail',
    {
      schema: {
        ...base,
        params: AccountAssetParams,
        body: ReasonBody,
        response: { 200: OperatorAccount, ...acting(404, 409) },
      },
    },
    async (request) =>
      admin.failAsset(
        ctx(request),
        request.params.accountId,
        request.params.asset,
        request.body.reason,
      ),
  );

  for (const [verb, frozen] of [
    ['freeze', true],
    ['unfreeze', false],
  ] as const) {
    app.post(
      `/admin/v1/accounts/:accountId/${verb}`,
      {
        schema: {
          ...base,
          summary: frozen ? 'Freeze an ACTIVE account' : 'Unfreeze a FROZEN account',
          params: AccountParams,
          response: { 200: OperatorAccount, ...acting(404, 409) },
        },
      },
      async (request) => admin.setFrozen(ctx(request), request.params.accountId, frozen),
    );
  }

  app.get(
    '/admin/v1/operations/:operationId',
    {
      schema: {
        ...base,
        summary: "Any customer's operation, with whose it is",
        params: OperationParams,
        response: { 200: OperatorOperation, ...problemResponses(401, 404) },
      },
    },
    async (request) => admin.getOperation(request.params.operationId),
  );

  app.post(
    '/admin/v1/operations/:operationId/receive',
    {
      schema: {
        ...base,
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
    async (request) => admin.receiveDeposit(ctx(request), request.params.operationId, request.body),
  );

  app.post(
    '/admin/v1/operations/:operationId/complete',
    {
      schema: {
        ...base,
        summary:
          'Complete a withdrawal, swap, PIX payment or open LIMIT order (through PROCESSING if still REQUESTED): its hold is captured — paid out, converted at the quote, or filled at limitPrice',
        params: OperationParams,
        response: { 200: OperatorOperation, ...acting(404, 409) },
      },
    },
    async (request) => admin.completeOperation(ctx(request), request.params.operationId),
  );

  app.post(
    '/admin/v1/operations/:operationId/fail',
    {
      schema: {
        ...base,
        summary:
          'Fail a REQUESTED or PROCESSING operation: a hold (withdrawal, swap, PIX payment, open order) is released, a deposit credits nothing',
        params: OperationParams,
        body: ReasonBody,
        response: { 200: OperatorOperation, ...acting(404, 409) },
      },
    },
    async (request) =>
      admin.failOperation(ctx(request), request.params.operationId, request.body.reason),
  );

  app.post(
    '/admin/v1/operations/:operationId/reverse',
    {
      schema: {
        ...base,
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
      const reversal = await admin.reverseOperation(
        ctx(request),
        request.params.operationId,
        request.body.reason,
      );
      return reply
        .code(201)
        .header('location', `/admin/v1/operations/${reversal.operation.id}`)
        .send(reversal);
    },
  );

  app.get(
    '/admin/v1/auditLog',
    {
      schema: {
        ...base,
        summary: 'Every admin action, newest first by default (paginated like every list)',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...problemResponses(400, 401) },
      },
    },
    async (request) => admin.auditLog(request.query),
  );
};
