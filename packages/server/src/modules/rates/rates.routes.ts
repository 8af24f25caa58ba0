import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toIso } from '../../lib/clock.js';
import { formatRate } from '../../lib/rate.js';
import { ASSET_PAIRS, rateOf, type RateSource } from '../../pricing/index.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { IdempotencyService } from '../idempotency/index.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { RateList, RatesQuery, type RateView } from './rates.schemas.js';
import { requires } from '../../plugins/route-scope.js';

export const ratesRoutes: FastifyPluginAsyncTypebox<{
  // Only what the rates are read with (app.ts passes the operations' deps).
  deps: { db: Db; clock: Clock; rates: RateSource };
  idempotency: IdempotencyService;
}> = async (app, { deps }) => {
  app.get(
    '/v1/rates',
    {
      schema: {
        ...requires('quotes:read'),
        tags: ['quotes'],
        summary: 'Current indicative rates',
        description:
          'Every pair with a current rate, filtered by `base` and/or `quote`; a pair without a rate (production: none set yet) is left out. Indicative only: `POST /v1/quotes` fixes a rate for 30 s (docs/api.md "Rates").',
        querystring: RatesQuery,
        response: { 200: RateList, ...problemResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { base, quote } = request.query;
      const now = deps.clock.now();
      const pairs =
        base !== undefined && base === quote
          ? [{ base, quote }]
          : ASSET_PAIRS.filter(
              (p) =>
                (base === undefined || p.base === base) &&
                (quote === undefined || p.quote === quote),
            );
      const data: RateView[] = [];
      for (const pair of pairs) {
        const rate = await rateOf(deps.rates, deps.db, pair.base, pair.quote, now);
        if (rate) {
          data.push({
            base: pair.base,
            quote: pair.quote,
            rate: formatRate(rate.rate),
            updatedAt: toIso(rate.at),
          });
        }
      }
      return { data };
    },
  );
};
