import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EVENT_CATALOG,
  EVENT_DESCRIPTIONS,
  RESOURCE_NAMES,
  isOperationalResource,
} from './event-catalog.js';
import { EventCatalog } from '../subscriptions/subscriptions.schemas.js';

const catalog = {
  resources: RESOURCE_NAMES.map((name) => ({
    name,
    operational: isOperationalResource(name),
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
        description:
          'The business resources (ACCOUNT, BENEFICIARY, OPERATION) and the operational ones (SUBSCRIPTION, MESSAGE: delivery alerts, docs/webhooks.md "Delivery alerts"), marked `operational`. A subscription with a top-level `includeAll` gets every business event and no operational one: those are selected by naming their resource, so receivers that took everything before alerts existed see no new event types. An alert is never delivered to the subscription it is about.',
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
