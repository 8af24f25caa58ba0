import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { IdempotencyKeyHeaders } from '../../../modules/idempotency/idempotency.schemas.js';
import type { IdempotencyService } from '../../../modules/idempotency/idempotency.service.js';
import { idempotent } from '../../../modules/idempotency/idempotent-route.js';
import type { ExchangeDeps } from '../../operation-deps.js';
import { SwapBody } from './swap.schema.js';
import { Operation } from '../../operations.schemas.js';
import { SwapsService } from './swap.request.js';

export const swapsRoutes: FastifyPluginAsyncTypebox<{
  deps: ExchangeDeps;
  idempotency: IdempotencyService;
}> = async (app, { deps, idempotency }) => {
  const swaps = new SwapsService(deps);

  app.post(
    '/v1/operations/swap',
    {
      schema: {
        tags: ['operations'],
        summary: 'Swap one asset for another at a quote',
        description:
          'Consumes the quote and holds its `sourceAmount`; answers the operation, REQUESTED. When it COMPLETES, the source amount (fee included) leaves and the `targetAmount` arrives in one ledger transaction; when it FAILS, the hold is released. Forward only. Refused with nothing moved and the quote still usable: 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED, QUOTE_MISMATCH; and QUOTE_EXPIRED, QUOTE_ALREADY_CONSUMED, QUOTE_ACCOUNT_MISMATCH; 404 for another customer\'s quote. Accepts `Idempotency-Key` (docs/api.md "Swaps").',
        headers: IdempotencyKeyHeaders,
        body: SwapBody,
        response: {
          201: Type.Ref(Operation),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const operation = await idempotent(request, reply, idempotency, (complete) =>
        swaps.swap(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/operations/${operation.id}`).send(operation);
    },
  );
};
