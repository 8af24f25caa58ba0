import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import { AccountParams } from './accounts.schemas.js';
import { BalanceList, BalancesQuery, StatementPage, StatementQuery } from './balances.schemas.js';
import type { BalancesService } from './balances.service.js';
import { requires } from '../../plugins/route-scope.js';

export const balancesRoutes: FastifyPluginAsyncTypebox<{ balances: BalancesService }> = async (
  app,
  { balances },
) => {
  app.get(
    '/v1/accounts/:accountId/balances',
    {
      schema: {
        ...requires('accounts:read'),
        tags: ['accounts'],
        summary: "An account's balances",
        description:
          'One entry per asset of the account, amounts as decimal strings. With `at`, the balances as they stood at that instant, computed from the ledger entries booked at or before it (docs/api.md "Balances and statement").',
        params: AccountParams,
        querystring: BalancesQuery,
        response: { 200: BalanceList, ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request) => balances.balances(request.auth, request.params.accountId, request.query),
  );

  app.get(
    '/v1/accounts/:accountId/statement',
    {
      schema: {
        ...requires('accounts:read'),
        tags: ['accounts'],
        summary: "An account's statement",
        description:
          'Ledger entries on the available balance, newest first by default, paginated like every list. `balanceAfter` is the available balance of the asset right after the entry. With `from` or `to`, only the entries booked in the period (from, to], and `period` gives the balances at its opening and closing (docs/api.md "Balances and statement").',
        params: AccountParams,
        querystring: StatementQuery,
        response: { 200: StatementPage, ...problemResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request) => balances.statement(request.auth, request.params.accountId, request.query),
  );
};
