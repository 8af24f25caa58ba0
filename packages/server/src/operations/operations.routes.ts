import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../plugins/problem.schema.js';
import { AccountParams } from '../modules/accounts/accounts.schemas.js';
import { IdempotencyKeyHeaders } from '../modules/idempotency/idempotency.schemas.js';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.js';
import { idempotent } from '../modules/idempotency/idempotent-route.js';
import {
  DepositBody,
  FundingInstructionList,
  ListOperationsQuery,
  Operation,
  OperationPage,
  OperationParams,
  WithdrawalBody,
} from './operations.schemas.js';
import type { OperationsService } from './operations.service.js';

export const operationsRoutes: FastifyPluginAsyncTypebox<{
  operations: OperationsService;
  idempotency: IdempotencyService;
}> = async (app, { operations, idempotency }) => {
  app.post(
    '/v1/operations/deposit',
    {
      schema: {
        tags: ['operations'],
        summary: 'Request a deposit',
        description:
          'Answers the operation, REQUESTED, with its `fundingInstruction` (a PIX key and copy-and-paste code for BRL, a wallet address for crypto) valid until `expiresAt`. Accepts `Idempotency-Key` (docs/api.md "Deposits").',
        headers: IdempotencyKeyHeaders,
        body: DepositBody,
        response: {
          201: Type.Ref(Operation),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const operation = await idempotent(request, reply, idempotency, (complete) =>
        operations.deposit(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/operations/${operation.id}`).send(operation);
    },
  );

  app.post(
    '/v1/operations/withdrawal',
    {
      schema: {
        tags: ['operations'],
        summary: 'Request a withdrawal to an approved payment instruction',
        description:
          'Answers the operation, REQUESTED, with the amount held. Refused with nothing moved: 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, PAYMENT_INSTRUCTION_NOT_APPROVED, PAYMENT_INSTRUCTION_REMOVED, ASSET_MISMATCH, ASSET_NOT_ENABLED. Accepts `Idempotency-Key` (docs/api.md "Withdrawals").',
        headers: IdempotencyKeyHeaders,
        body: WithdrawalBody,
        response: {
          201: Type.Ref(Operation),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const operation = await idempotent(request, reply, idempotency, (complete) =>
        operations.withdraw(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/operations/${operation.id}`).send(operation);
    },
  );

  app.get(
    '/v1/operations',
    {
      schema: {
        tags: ['operations'],
        summary: 'List operations',
        querystring: ListOperationsQuery,
        response: { 200: OperationPage, ...problemResponses(400, 401, 429) },
      },
    },
    async (request) => operations.list(request.auth.customerId, request.query),
  );

  app.get(
    '/v1/operations/:operationId',
    {
      schema: {
        tags: ['operations'],
        summary: 'Get an operation, with its state history',
        params: OperationParams,
        response: { 200: Type.Ref(Operation), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => operations.get(request.auth.customerId, request.params.operationId),
  );

  app.get(
    '/v1/accounts/:accountId/fundingInstructions',
    {
      schema: {
        tags: ['accounts'],
        summary: "An account's standing funding instructions",
        description:
          'Where the account receives each of its ACTIVE assets: a PIX random key (with a copy-and-paste code without an amount) for BRL, a wallet address for crypto. Fixed per account and asset (docs/api.md "Deposits").',
        params: AccountParams,
        response: { 200: FundingInstructionList, ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => ({
      data: await operations.fundingInstructions(request.auth.customerId, request.params.accountId),
    }),
  );
};
