import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../plugins/problem.schema.js';
import { AccountParams } from '../modules/accounts/index.js';
import type { IdempotencyService } from '../modules/idempotency/index.js';
import { KIND_LIST } from './kinds/registry.js';
import { cancelRoute } from './lifecycle/cancel-route.js';
import type { OperationDeps } from './operation-deps.js';
import { operationRequestRoutes } from './pipeline/request-route.js';
import {
  FundingInstructionList,
  ListOperationsQuery,
  Operation,
  OperationPage,
  OperationParams,
} from './operations.schemas.js';
import { OperationsService } from './operations.service.js';
import { requires } from '../plugins/route-scope.js';
import { StoredMetadata, sendWithStoredMetadata } from '../lib/stored-metadata.js';

/**
 * Every operation route: each registered kind's creating request (through the pipeline), the
 * cancellation of the kinds that declare one, then reading: list, get, standing funding
 * instructions.
 */
export const operationsRoutes: FastifyPluginAsyncTypebox<{
  deps: OperationDeps;
  idempotency: IdempotencyService;
}> = async (app, { deps, idempotency }) => {
  const operations = new OperationsService(deps);
  await app.register(operationRequestRoutes, { deps, idempotency, kinds: KIND_LIST });
  await app.register(cancelRoute, { deps });

  app.get(
    '/v1/operations',
    {
      schema: {
        ...requires('operations:read'),
        tags: ['operations'],
        summary: 'List operations',
        querystring: ListOperationsQuery,
        response: { 200: OperationPage, ...problemResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const stored = new StoredMetadata();
      const page = await operations.list(request.auth, request.query, stored);
      return sendWithStoredMetadata(reply, page, stored);
    },
  );

  app.get(
    '/v1/operations/:operationId',
    {
      schema: {
        ...requires('operations:read'),
        tags: ['operations'],
        summary: 'Get an operation, with its state history',
        params: OperationParams,
        response: { 200: Type.Ref(Operation), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => operations.get(request.auth, request.params.operationId),
  );

  app.get(
    '/v1/accounts/:accountId/fundingInstructions',
    {
      schema: {
        ...requires('operations:read'),
        tags: ['accounts'],
        summary: "An account's standing funding instructions",
        description:
          'Where the account receives each of its ACTIVE assets: a PIX random key (with a copy-and-paste code without an amount) for BRL, a wallet address for crypto. Fixed per account and asset (docs/api.md "Deposits").',
        params: AccountParams,
        response: { 200: FundingInstructionList, ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => ({
      data: await operations.fundingInstructions(request.auth, request.params.accountId),
    }),
  );
};
