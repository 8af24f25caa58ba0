import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import {
  Account,
  AccountPage,
  AccountParams,
  CreateAccountBody,
  ListAccountsQuery,
  PatchAccountBody,
} from './accounts.schemas.js';
import type { AccountsService } from './accounts.service.js';
import type { IdempotencyService } from '../idempotency/index.js';
import { IdempotencyKeyHeaders, idempotent } from '../idempotency/index.js';
import { requires } from '../../plugins/route-scope.js';

export const accountsRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountsService;
  idempotency: IdempotencyService;
}> = async (app, { accounts, idempotency }) => {
  app.post(
    '/v1/accounts',
    {
      schema: {
        ...requires('accounts:write'),
        tags: ['accounts'],
        summary: 'Open an account',
        description: 'Accepts `Idempotency-Key` (docs/api.md).',
        headers: IdempotencyKeyHeaders,
        body: CreateAccountBody,
        response: {
          201: Type.Ref(Account),
          ...problemResponses(400, 401, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const account = await idempotent(request, reply, idempotency, (complete) =>
        accounts.open(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/accounts/${account.id}`).send(account);
    },
  );

  app.get(
    '/v1/accounts',
    {
      schema: {
        ...requires('accounts:read'),
        tags: ['accounts'],
        summary: 'List accounts',
        querystring: ListAccountsQuery,
        response: { 200: AccountPage, ...problemResponses(400, 401, 429) },
      },
    },
    async (request) => accounts.list(request.auth.customerId, request.query),
  );

  app.get(
    '/v1/accounts/:accountId',
    {
      schema: {
        ...requires('accounts:read'),
        tags: ['accounts'],
        summary: 'Get an account',
        params: AccountParams,
        response: { 200: Type.Ref(Account), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => accounts.get(request.auth.customerId, request.params.accountId),
  );

  app.patch(
    '/v1/accounts/:accountId',
    {
      schema: {
        ...requires('accounts:write'),
        tags: ['accounts'],
        summary: "Update an account's metadata",
        description:
          'Merges `metadata` into the account\'s: a key given replaces its value, a key set to "" is removed, `null` removes every key (docs/api.md "Metadata"). Nothing else of an account is changed this way.',
        params: AccountParams,
        body: PatchAccountBody,
        response: {
          200: Type.Ref(Account),
          ...problemResponses(400, 401, 404, 413, 415, 429),
        },
      },
    },
    async (request) =>
      accounts.update(request.auth.customerId, request.params.accountId, request.body),
  );
};
