import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { webhooksSection } from './openapi-webhooks.js';

/**
 * OpenAPI 3.1 generated from the route schemas, at /openapi.json, and an interactive page at
 * /docs served from the swagger-ui npm package (no CDN). Register before any route.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'cofre API',
        version: '1.0.0',
        description: `Financial-operations API (${config.environment}). Errors are RFC 9457 problem documents.`,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ bearerAuth: [] }],
      tags: [
        { name: 'auth', description: 'Client-credentials tokens' },
        { name: 'accounts', description: 'Accounts and their assets' },
        { name: 'subscriptions', description: 'Webhook subscriptions and the event catalog' },
        { name: 'execution logs', description: 'Delivery attempts, resend and recover' },
        { name: 'webhooks', description: 'What cofre sends to a subscription (docs/webhooks.md)' },
      ],
      // OpenAPI 3.1 `webhooks`: the deliveries a subscriber receives, one entry per event type.
      // Plain JSON: the plugin's types model a narrower schema dialect than 3.1's JSON Schema.
      webhooks: webhooksSection() as never,
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
