import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
  ReasonBody,
  RotatedSecret,
} from './admin.schemas.js';
import type { AdminService } from './admin.service.js';
import type { ActionContext } from './audited.js';

/**
 * The back-office API (docs/admin.md), registered by app.ts inside the /admin/v1 scope behind
 * plugins/admin-auth.ts, only when COFRE_ADMIN_TOKEN is set. Hidden from the public
 * /openapi.json: the document is served without authentication and should not advertise an
 * operator surface; docs/admin.md documents every route.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  const ctx = (request: FastifyRequest): ActionContext => ({
    actor: request.adminActor,
    requestId: request.id,
  });
  const base = { hide: true, tags: ['admin'] };
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
