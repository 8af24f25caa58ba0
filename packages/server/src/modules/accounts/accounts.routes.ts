import { Type } from '@sinclair/typebox';
import { AppError } from '../../lib/errors.js';
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
import { StoredMetadata, sendWithStoredMetadata } from '../../lib/stored-metadata.js';

const listSchema = {
  ...requires('accounts:read'),
  tags: ['accounts'],
  summary: 'List accounts',
  querystring: ListAccountsQuery,
  response: { 200: AccountPage, ...problemResponses(400, 401, 429) },
};

const boundClientCannotOpen = () =>
  new AppError('CLIENT_BOUND_TO_ACCOUNTS', {
    detail:
      'This API client is bound to a list of accounts, so it cannot open another; open it with an unbound client and have an operator add it to this client (docs/api.md "Clients bound to accounts").',
  });

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
        description:
          'Accepts `Idempotency-Key` (docs/api.md). A client bound to a list of accounts cannot open one: 403 CLIENT_BOUND_TO_ACCOUNTS (docs/api.md "Clients bound to accounts").',
        headers: IdempotencyKeyHeaders,
        body: CreateAccountBody,
        response: {
          201: Type.Ref(Account),
          ...problemResponses(400, 401, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      // A client bound to accounts works on those only; a new one would be outside its list.
      if (request.auth.accounts !== undefined) throw boundClientCannotOpen();
      const account = await idempotent(request, reply, idempotency, (complete) =>
        accounts.open(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/accounts/${account.id}`).send(account);
    },
  );

  app.get('/v1/accounts', { schema: listSchema }, async (request, reply) => {
    const stored = new StoredMetadata();
    return sendWithStoredMetadata(
      reply,
      await accounts.list(request.auth, request.query, stored),
      stored,
    );
  });

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
    async (request) => accounts.get(request.auth, request.params.accountId),
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
    async (request) => accounts.update(request.auth, request.params.accountId, request.body),
  );
};
