import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { acting, actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { CustomerParams } from '../customers/customers.schemas.js';
import {
  ClientParams,
  CreateClientBody,
  IssuedCredentials,
  OperatorClient,
  OperatorClientList,
  PatchClientBody,
  RotatedSecret,
} from './clients.schemas.js';
import type { ClientsAdmin } from './clients.service.js';
import type { RouteApp } from '../../../plugins/route-app.js';

/**
 * A customer's API clients: list, create (restricted or not), change, rotate a secret, disable and
 * enable (docs/admin.md).
 */
export const clientsRoutes: FastifyPluginAsyncTypebox<{ clients: ClientsAdmin }> = async (
  app,
  { clients },
) => {
  app.get(
    '/admin/v1/customers/:customerId/clients',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: "A customer's API clients (never their secrets)",
        params: CustomerParams,
        response: { 200: OperatorClientList, ...problemResponses(401, 404) },
      },
    },
    async (request) => clients.list(request.params.customerId),
  );

  app.post(
    '/admin/v1/customers/:customerId/clients',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Create another API client for a customer (the secret is shown once)',
        params: CustomerParams,
        body: CreateClientBody,
        response: { 201: IssuedCredentials, ...acting(404) },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const issued = await clients.create(actionContext(request), customerId, request.body);
      return reply.code(201).send(issued);
    },
  );

  updateRoute(app, clients);

  app.post(
    '/admin/v1/clients/:clientId/rotateSecret',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: "Replace a client's secret (webhooks keep the old key for the grace window)",
        params: ClientParams,
        response: { 200: RotatedSecret, ...acting(404) },
      },
    },
    async (request) => clients.rotateSecret(actionContext(request), request.params.clientId),
  );

  for (const [verb, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/admin/v1/clients/:clientId/${verb}`,
      {
        schema: {
          ...ADMIN_ROUTE,
          summary: `${verb === 'disable' ? 'Disable' : 'Re-enable'} an API client`,
          params: ClientParams,
          response: { 200: OperatorClient, ...acting(404, 409) },
        },
      },
      async (request) =>
        clients.setEnabled(actionContext(request), request.params.clientId, enabled),
    );
  }
};

/** `PATCH /admin/v1/clients/{id}`: name and restrictions (docs/admin.md "Restricted clients"). */
function updateRoute(app: RouteApp, clients: ClientsAdmin): void {
  app.patch(
    '/admin/v1/clients/:clientId',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: "Change an API client's name, permissions, expiry or networks",
        description:
          'Any subset; `null` lifts a restriction. Tokens already issued keep only the scopes the client still holds, within COFRE_CLIENT_CACHE_TTL_MS (docs/admin.md).',
        params: ClientParams,
        body: PatchClientBody,
        response: { 200: OperatorClient, ...acting(404) },
      },
    },
    async (request) =>
      clients.update(actionContext(request), request.params.clientId, request.body),
  );
}
