import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { AdminPixKeyParams, OperatorPixKey, PutPixKeyBody } from './pix-keys.schemas.js';
import type { PixKeysAdmin } from './pix-keys.service.js';

/** Production's PIX key directory, kept by the operator (docs/admin.md "PIX key directory"). */
export const pixKeysRoutes: FastifyPluginAsyncTypebox<{ pixKeys: PixKeysAdmin }> = async (
  app,
  { pixKeys },
) => {
  app.get(
    '/admin/v1/pix/keys/:key',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'A PIX key of the production directory, unmasked',
        params: AdminPixKeyParams,
        response: { 200: OperatorPixKey, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => pixKeys.get(request.params.key),
  );

  app.put(
    '/admin/v1/pix/keys/:key',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Register a PIX key in the production directory, or replace its entry',
        params: AdminPixKeyParams,
        body: PutPixKeyBody,
        response: {
          200: OperatorPixKey,
          201: OperatorPixKey,
          ...problemResponses(400, 401, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { created, entry } = await pixKeys.set(actionContext(request), key, request.body);
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/admin/v1/pix/keys/:key',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Remove a PIX key from the production directory',
        params: AdminPixKeyParams,
        response: {
          204: Type.Null({ description: 'Removed.' }),
          ...problemResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      await pixKeys.remove(actionContext(request), request.params.key);
      return reply.code(204).send(null);
    },
  );
};
