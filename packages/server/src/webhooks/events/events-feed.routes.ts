import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import { EventParams, FeedEvent, FeedEventPage, ListEventsQuery } from './events-feed.schemas.js';
import type { EventsFeedService } from './events-feed.service.js';
import { requires } from '../../plugins/route-scope.js';

/** GET /v1/events and /v1/events/{eventId}: the customer's events, with their deliveries. */
export const eventsFeedRoutes: FastifyPluginAsyncTypebox<{ feed: EventsFeedService }> = async (
  app,
  { feed },
) => {
  const tags = ['events'];

  app.get(
    '/v1/events',
    {
      schema: {
        ...requires('events:read'),
        tags,
        summary: "List the customer's events, newest first, with their delivery per subscription",
        description:
          'The events feed: what a receiver that was down reads to catch up (docs/webhooks.md "Catching up: the events feed"). Events are kept for the retention window (COFRE_EVENT_RETENTION_DAYS, 30 days by default).',
        querystring: ListEventsQuery,
        response: { 200: FeedEventPage, ...problemResponses(400, 401, 429) },
      },
    },
    async (request) => feed.list(request.auth.customerId, request.query),
  );

  app.get(
    '/v1/events/:eventId',
    {
      schema: {
        ...requires('events:read'),
        tags,
        summary: 'Get one event, with its delivery per subscription',
        params: EventParams,
        response: { 200: Type.Ref(FeedEvent), ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request) => feed.get(request.auth.customerId, request.params.eventId),
  );
};
