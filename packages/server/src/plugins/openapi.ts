import { webhooksSection } from '../webhooks/index.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';

/** The tag of every back-office route, declared only when the admin API is enabled. */
export const ADMIN_TAG = 'Admin (back-office)';

/**
 * OpenAPI 3.1 generated from the route schemas, at /openapi.json, and an interactive page at
 * /docs served from the swagger-ui npm package (no CDN). Register before any route.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const admin = config.adminToken !== undefined;
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
          // The same bearer token, obtained by the tool itself: Swagger UI's Authorize button
          // (and code generators) run the client-credentials grant against the token endpoint.
          // Relative, so it resolves against the server the page is served from; no scopes.
          clientCredentials: {
            type: 'oauth2',
            description:
              'Client credentials (RFC 6749 section 4.4): client id and secret in HTTP Basic.',
            flows: { clientCredentials: { tokenUrl: '/v1/oauth/client/token', scopes: {} } },
          },
          // The back-office exists only with COFRE_ADMIN_TOKEN (docs/admin.md), and so does its
          // part of this document: a server without it advertises no operator surface.
          ...(admin
            ? {
                adminToken: {
                  type: 'http',
                  scheme: 'bearer',
                  description: 'COFRE_ADMIN_TOKEN; customer tokens are never accepted.',
                },
              }
            : {}),
        },
      },
      // Either scheme: a pasted token, or one the tool fetched with the client credentials.
      security: [{ bearerAuth: [] }, { clientCredentials: [] }],
      tags: [
        { name: 'auth', description: 'Client-credentials tokens' },
        { name: 'accounts', description: 'Accounts and their assets' },
        { name: 'subscriptions', description: 'Webhook subscriptions and the event catalog' },
        { name: 'execution logs', description: 'Delivery attempts, resend and recover' },
        { name: 'events', description: 'The events feed, to catch up (docs/webhooks.md)' },
        { name: 'webhooks', description: 'What cofre sends to a subscription (docs/webhooks.md)' },
        ...(admin
          ? [
              {
                name: ADMIN_TAG,
                description: 'Operator API under /admin/v1, with the admin token (docs/admin.md)',
              },
            ]
          : []),
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
