import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { ExchangeDeps } from '../operations/exchange-deps.js';

/** Placeholder until this part of issue 8 lands. */
export const quotesRoutes: FastifyPluginAsyncTypebox<{
  deps: ExchangeDeps;
  idempotency: IdempotencyService;
}> = async () => {};
