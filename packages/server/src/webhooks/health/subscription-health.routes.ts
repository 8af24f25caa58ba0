import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { SubscriptionHealth } from './subscription-health.schemas.js';
import { getSubscriptionHealth } from './subscription-health.service.js';
import { SubscriptionParams } from '../subscriptions/subscriptions.schemas.js';
import { requires } from '../../plugins/route-scope.js';

/**
 * A sub-resource rather than a field of the subscription: reading it costs a count of the
 * backlog, which a list of subscriptions (or every GET) should not pay (docs/api.md).
 */
export const subscriptionHealthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (
  app,
  { db },
) => {
  app.get(
    '/v1/subscriptions/:subscriptionId/health',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags: ['subscriptions'],
        summary: "A subscription's delivery health",
        description:
          'Pending and failed messages, the last success and the last failure with its error, and the failed attempts since the last success (docs/webhooks.md "Delivery health").',
        params: SubscriptionParams,
        response: { 200: Type.Ref(SubscriptionHealth), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) =>
      getSubscriptionHealth(db, request.auth.customerId, request.params.subscriptionId),
  );
};
