import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import { SubscriptionParams } from '../subscriptions/subscriptions.schemas.js';
import {
  ExecutionLog,
  ExecutionLogPage,
  ExecutionLogParams,
  ListExecutionLogsQuery,
  RecoverBody,
  RecoverResult,
} from './execution-logs.schemas.js';
import type { ExecutionLogsService } from './execution-logs.service.js';
import { requires } from '../../plugins/route-scope.js';
import type { RouteApp } from '../../plugins/route-app.js';

export const executionLogsRoutes: FastifyPluginAsyncTypebox<{
  logs: ExecutionLogsService;
}> = async (app, { logs }) => {
  const tags = ['execution logs'];

  app.get(
    '/v1/subscriptions/:subscriptionId/executionLogs',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags,
        summary: 'List delivery attempts of a subscription (newest first)',
        params: SubscriptionParams,
        querystring: ListExecutionLogsQuery,
        response: { 200: ExecutionLogPage, ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      logs.list(request.auth.customerId, request.params.subscriptionId, request.query),
  );

  app.get(
    '/v1/subscriptions/:subscriptionId/executionLogs/:logId',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags,
        summary: 'Get one delivery attempt, with the exact body sent',
        params: ExecutionLogParams,
        response: { 200: Type.Ref(ExecutionLog), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) =>
      logs.get(request.auth.customerId, request.params.subscriptionId, request.params.logId),
  );

  app.post(
    '/v1/subscriptions/:subscriptionId/executionLogs/:logId/resend',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary: 'Queue the message of this attempt again, byte for byte',
        params: ExecutionLogParams,
        response: {
          204: Type.Null({ description: 'Queued' }),
          ...problemResponses(401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await logs.resend(
        request.auth.customerId,
        request.params.subscriptionId,
        request.params.logId,
      );
      return reply.code(204).send(null);
    },
  );

  recoverRoute(app, logs, tags);
};

/** `POST …/recover`: every failed message since a time, queued again (beyond the spec). */
function recoverRoute(app: RouteApp, logs: ExecutionLogsService, tags: string[]): void {
  app.post(
    '/v1/subscriptions/:subscriptionId/recover',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary:
          'Queue again every message whose last attempt failed since a time (beyond the spec)',
        params: SubscriptionParams,
        body: RecoverBody,
        response: { 202: RecoverResult, ...problemResponses(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const queued = await logs.recover(
        request.auth.customerId,
        request.params.subscriptionId,
        request.body.since,
      );
      return reply.code(202).send({ queued });
    },
  );
}
