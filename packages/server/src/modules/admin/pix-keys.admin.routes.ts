import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { ADMIN_TAG } from '../../plugins/openapi.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { ActionContext } from './audited.js';
import { PixKeysAdmin } from './pix-keys.admin.js';
import { AdminPixKeyParams, OperatorPixKey, PutPixKeyBody } from './pix-keys.admin.schemas.js';

/**
 * Production's PIX key directory, kept by the operator (docs/admin.md "PIX key directory").
 * Registered by app.ts inside the /admin/v1 scope, behind the admin token, like admin.routes.ts.
 */
export const pixKeysAdminRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  deps,
) => {
  const keys = new PixKeysAdmin(deps);
  const ctx = (request: FastifyRequest): ActionContext => ({
    actor: request.adminActor,
    requestId: request.id,
  });
  const base = { tags: [ADMIN_TAG], security: [{ adminToken: [] }] };

  app.get(
    '/admin/v1/pix/keys/:key',
    {
      schema: {
        ...base,
        summary: 'A PIX key of the production directory, unmasked',
        params: AdminPixKeyParams,
        response: { 200: OperatorPixKey, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => keys.get(request.params.key),
  );

  app.put(
    '/admin/v1/pix/keys/:key',
    {
      schema: {
        ...base,
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
      const { created, entry } = await keys.set(ctx(request), request.params.key, request.body);
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/admin/v1/pix/keys/:key',
    {
      schema: {
        ...base,
        summary: 'Remove a PIX key from the production directory',
        params: AdminPixKeyParams,
        response: {
          204: Type.Null({ description: 'Removed.' }),
          ...problemResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      await keys.remove(ctx(request), request.params.key);
      return reply.code(204).send(null);
    },
  );
};
