import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { acting, actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { ReasonBody } from '../admin.schemas.js';
import { AccountAssetParams, AccountParams, OperatorAccount } from './accounts.schemas.js';
import type { AccountsAdmin } from './accounts.service.js';

/** Read an account; activate or fail an asset; freeze or unfreeze (docs/admin.md "Accounts"). */
export const accountsRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsAdmin }> = async (
  app,
  { accounts },
) => {
  app.get(
    '/admin/v1/accounts/:accountId',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: AccountParams,
        response: { 200: OperatorAccount, ...problemResponses(401, 404) },
      },
    },
    async (request) => accounts.get(request.params.accountId),
  );

  app.post(
    '/admin/v1/accounts/:accountId/assets/:asset/activate',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: AccountAssetParams,
        response: { 200: OperatorAccount, ...acting(404, 409) },
      },
    },
    async (request) =>
      accounts.activateAsset(
        actionContext(request),
        request.params.accountId,
        request.params.asset,
      ),
  );

  app.post(
    '/admin/v1/accounts/:accountId/assets/:asset/fail',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: AccountAssetParams,
        body: ReasonBody,
        response: { 200: OperatorAccount, ...acting(404, 409) },
      },
    },
    async (request) => {
      const { accountId, asset } = request.params;
      return accounts.failAsset(actionContext(request), accountId, asset, request.body.reason);
    },
  );

  for (const [verb, frozen] of [
    ['freeze', true],
    ['unfreeze', false],
  ] as const) {
    app.post(
      `/admin/v1/accounts/:accountId/${verb}`,
      {
        schema: {
          ...ADMIN_ROUTE,
          summary: frozen ? 'Freeze an ACTIVE account' : 'Unfreeze a FROZEN account',
          params: AccountParams,
          response: { 200: OperatorAccount, ...acting(404, 409) },
        },
      },
      async (request) =>
        accounts.setFrozen(actionContext(request), request.params.accountId, frozen),
    );
  }
};
