import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import { rethrowUnlessOnlyOneOf } from '../../plugins/validation.js';
import { IdempotencyKeyHeaders, idempotent } from '../idempotency/index.js';
import type { IdempotencyService } from '../idempotency/index.js';
import { CreateQuoteBody, Quote, QuoteParams } from './quotes.schemas.js';
import { QuotesService, type QuoteDeps } from './quotes.service.js';
import { requires } from '../../plugins/route-scope.js';

export const quotesRoutes: FastifyPluginAsyncTypebox<{
  deps: QuoteDeps;
  idempotency: IdempotencyService;
}> = async (app, { deps, idempotency }) => {
  const quotes = new QuotesService(deps);

  app.post(
    '/v1/quotes',
    {
      attachValidation: true,
      schema: {
        ...requires('quotes:write'),
        tags: ['quotes'],
        summary: 'Price a conversion',
        description:
          'Exactly one of `sourceAmount` (what the account pays, fees included) and `targetAmount` (what it receives). The amounts shown are exactly what the ledger will move; rounding favours the house by less than one minor unit. Usable once, by a swap, a withdrawal or a deposit, until `expiresAt` (30 s by default). Accepts `Idempotency-Key` (docs/api.md "Quotes").',
        headers: IdempotencyKeyHeaders,
        body: CreateQuoteBody,
        response: {
          201: Type.Ref(Quote),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      rethrowUnlessOnlyOneOf(request);
      const quote = await idempotent(request, reply, idempotency, (complete) =>
        quotes.create(request.auth, request.body, complete),
      );
      return reply.header('location', `/v1/quotes/${quote.id}`).send(quote);
    },
  );

  app.get(
    '/v1/quotes/:quoteId',
    {
      schema: {
        ...requires('quotes:read'),
        tags: ['quotes'],
        summary: 'Get a quote (whether and by which operation it was used)',
        params: QuoteParams,
        response: { 200: Type.Ref(Quote), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => quotes.get(request.auth, request.params.quoteId),
  );
};
