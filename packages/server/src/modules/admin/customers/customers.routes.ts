import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { acting, actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { IssuedCredentials } from '../clients/clients.schemas.js';
import { CreateCustomerBody, CustomerParams, OperatorCustomer } from './customers.schemas.js';
import type { CustomersAdmin } from './customers.service.js';

/** Create a customer (with its first API client) and read one (docs/admin.md). */
export const customersRoutes: FastifyPluginAsyncTypebox<{ customers: CustomersAdmin }> = async (
  app,
  { customers },
) => {
  app.post(
    '/admin/v1/customers',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Create a customer with one API client (the secret is shown once)',
        body: CreateCustomerBody,
        response: { 201: IssuedCredentials, ...acting() },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await customers.create(actionContext(request), request.body)),
  );

  app.get(
    '/admin/v1/customers/:customerId',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: CustomerParams,
        response: { 200: OperatorCustomer, ...problemResponses(401, 404) },
      },
    },
    async (request) => customers.get(request.params.customerId),
  );
};
