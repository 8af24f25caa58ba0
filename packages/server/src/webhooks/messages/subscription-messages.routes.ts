import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import { SubscriptionParams } from '../subscriptions/subscriptions.schemas.js';
import {
  ListSubscriptionMessagesQuery,
  SubscriptionMessagePage,
} from './subscription-messages.schemas.js';
import type { SubscriptionMessagesService } from './subscription-messages.service.js';
import { requires } from '../../plugins/route-scope.js';

/** `GET /v1/subscriptions/{id}/messages`: a subscription's messages by sequence number. */
export const subscriptionMessagesRoutes: FastifyPluginAsyncTypebox<{
  messages: SubscriptionMessagesService;
}> = async (app, { messages }) => {
  app.get(
    '/v1/subscriptions/:subscriptionId/messages',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags: ['subscriptions'],
        summary: "List a subscription's messages by sequence number (oldest first)",
        description:
          'Every message of the subscription numbered above `afterSequence`, with its id, event type, sequence, time and exact body: a receiver that sees a gap in `X-Message-Sequence` fetches what it missed here. The spec\'s pagination; a number missing from the list was deleted by retention (docs/webhooks.md "Sequence numbers").',
        params: SubscriptionParams,
        querystring: ListSubscriptionMessagesQuery,
        response: { 200: SubscriptionMessagePage, ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      messages.list(request.auth.customerId, request.params.subscriptionId, request.query),
  );
};
