import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_CATALOG, EVENT_DESCRIPTIONS, RESOURCE_NAMES } from './event-catalog.js';
import { EventCatalog } from '../subscriptions/subscriptions.schemas.js';

const catalog = {
  resources: RESOURCE_NAMES.map((name) => ({
    name,
    events: EVENT_CATALOG[name].map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })),
  })),
};

/** The public event catalog: no token needed, it is the same for everyone. */
export const eventCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/events/types',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Resources and the event types a subscription can select',
        security: [],
        response: { 200: EventCatalog },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return catalog;
    },
  );
};
