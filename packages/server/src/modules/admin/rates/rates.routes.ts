import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { RatePairParams, SetRateBody, StoredRate, StoredRateList } from './rates.schemas.js';
import type { RatesAdmin } from './rates.service.js';

/** Production prices, one per directed pair (docs/admin.md "Rates"): list them, set one. */
export const ratesRoutes: FastifyPluginAsyncTypebox<{ rates: RatesAdmin }> = async (
  app,
  { rates },
) => {
  app.get(
    '/admin/v1/rates',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'The stored production rates, one per directed pair (none in the sandbox)',
        response: { 200: StoredRateList, ...problemResponses(401) },
      },
    },
    async () => rates.list(),
  );

  app.put(
    '/admin/v1/rates/:base/:quote',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Set the production rate of a directed pair (audited)',
        description:
          'Replaces the rate of `base` → `quote` (only that direction: set the other one too). Quotes priced after this use it; quotes already given keep theirs. 400 when base = quote (an asset against itself is always 1) or the rate is 0; 409 INVALID_STATE in the sandbox, whose prices follow fixed curves (docs/admin.md "Rates").',
        params: RatePairParams,
        body: SetRateBody,
        response: { 200: StoredRate, ...problemResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request) => {
      const { base, quote } = request.params;
      return rates.set(actionContext(request), base, quote, request.body.rate);
    },
  );
};
