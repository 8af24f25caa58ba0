import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError, invalidData } from '../../lib/errors.js';
import { formatRate, parseRate } from '../../lib/rate.js';
import type { ExchangeRateRow } from '../../pricing/index.js';
import { listStoredRates, setStoredRate, storedRates } from '../../pricing/index.js';
import { ADMIN_TAG } from '../../plugins/openapi.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { audited } from './audited.js';
import { RatePairParams, SetRateBody, StoredRate, StoredRateList } from './rates.admin.schemas.js';

const view = (
  row: Pick<ExchangeRateRow, 'base' | 'quote' | 'rate' | 'updated_at'>,
): StoredRate => ({
  base: row.base,
  quote: row.quote,
  rate: row.rate,
  updatedAt: toIso(row.updated_at),
});

/**
 * Production prices set by an operator (docs/admin.md "Rates"): one rate per directed pair,
 * used by every quote of that pair from the moment it is set. The sandbox's prices are fixed
 * curves (pricing/sandbox-rates.ts), so there setting one is refused (409 INVALID_STATE).
 */
export const ratesAdminRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  /** False in the sandbox, whose prices follow fixed curves (environment-parts.ts). */
  ratesAreSettable: boolean;
}> = async (app, deps) => {
  const base = { tags: [ADMIN_TAG], security: [{ adminToken: [] }] };

  app.get(
    '/admin/v1/rates',
    {
      schema: {
        ...base,
        summary: 'The stored production rates, one per directed pair (none in the sandbox)',
        response: { 200: StoredRateList, ...problemResponses(401) },
      },
    },
    async () => ({ data: (await listStoredRates(deps.db)).map(view) }),
  );

  app.put(
    '/admin/v1/rates/:base/:quote',
    {
      schema: {
        ...base,
        summary: 'Set the production rate of a directed pair (audited)',
        description:
          'Replaces the rate of `base` → `quote` (only that direction: set the other one too). Quotes priced after this use it; quotes already given keep theirs. 400 when base = quote (an asset against itself is always 1) or the rate is 0; 409 INVALID_STATE in the sandbox, whose prices follow fixed curves (docs/admin.md "Rates").',
        params: RatePairParams,
        body: SetRateBody,
        response: { 200: StoredRate, ...problemResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request) => {
      const { base: baseAsset, quote } = request.params;
      if (!deps.ratesAreSettable) {
        throw new AppError('INVALID_STATE', {
          detail:
            'Sandbox prices follow fixed curves (docs/sandbox.md "Rates"); rates are set only in production.',
        });
      }
      if (baseAsset === quote) {
        throw invalidData([
          {
            pointer: '/quote',
            in: 'path',
            code: 'INVALID_DATA',
            detail: `An asset against itself is always 1; ${baseAsset} → ${quote} cannot be set.`,
          },
        ]);
      }
      const rate = parseRate(request.body.rate);
      if (rate === undefined) {
        throw invalidData([
          {
            pointer: '/rate',
            in: 'body',
            code: 'INVALID_DATA',
            detail: 'The rate must be greater than zero, with at most 12 decimals.',
          },
        ]);
      }
      return audited(
        deps,
        { actor: request.adminActor, requestId: request.id },
        { action: 'EXCHANGE_RATE_SET', subjectType: 'EXCHANGE_RATE' },
        async (tx, at) => {
          const before = await storedRates.rate(tx.trx, baseAsset, quote, at);
          await setStoredRate(tx.trx, { base: baseAsset, quote, rate, at });
          const after = view({ base: baseAsset, quote, rate: formatRate(rate), updated_at: at });
          return {
            subjectId: `${baseAsset}/${quote}`,
            before: before
              ? view({
                  base: baseAsset,
                  quote,
                  rate: formatRate(before.rate),
                  updated_at: before.at,
                })
              : null,
            after,
            result: after,
          };
        },
      );
    },
  );
};
