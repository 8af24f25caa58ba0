import type { IncomingHttpHeaders } from 'node:http';
import type { WebhookReceiver } from './webhook-receiver.js';

/**
 * The part of a Fastify request the handler reads. Fastify's `FastifyRequest` fits.
 *
 * @example
 * ```ts
 * const req: FastifyLikeRequest = { body: Buffer.from('{}'), headers: {} };
 * ```
 */
export interface FastifyLikeRequest {
  body: unknown;
  headers: IncomingHttpHeaders;
}

/**
 * The part of a Fastify reply the handler uses. Fastify's `FastifyReply` fits.
 *
 * @example
 * ```ts
 * const handler = createFastifyWebhookHandler(receiver); // (request, reply) => …
 * ```
 */
export interface FastifyLikeReply {
  code(statusCode: number): FastifyLikeReply;
  header(name: string, value: string): FastifyLikeReply;
  send(payload: string): unknown;
}

/**
 * The part of a Fastify instance `fastifyWebhookRoute` uses. Fastify's `FastifyInstance` fits;
 * the SDK does not depend on Fastify.
 *
 * @example
 * ```ts
 * await app.register(fastifyWebhookRoute(receiver, { path: '/webhooks' }));
 * ```
 */
export interface FastifyLikeInstance {
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'buffer'; bodyLimit?: number },
    parser: (
      request: never,
      body: Buffer,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): unknown;
  post(
    path: string,
    handler: (request: FastifyLikeRequest, reply: FastifyLikeReply) => Promise<unknown>,
  ): unknown;
}

/**
 * A Fastify route handler for a webhook endpoint. It needs the raw body as a `Buffer`:
 * register it through `fastifyWebhookRoute`, which sets that up, or add a `parseAs: 'buffer'`
 * content-type parser for `application/json` in the route's own encapsulated scope.
 *
 * @example
 * ```ts
 * await app.register(async (scope) => {
 *   scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
 *   scope.post('/webhooks', createFastifyWebhookHandler(receiver));
 * });
 * ```
 */
export function createFastifyWebhookHandler(
  receiver: WebhookReceiver,
): (request: FastifyLikeRequest, reply: FastifyLikeReply) => Promise<unknown> {
  return async (request, reply) => {
    const { body } = request;
    if (!Buffer.isBuffer(body) && typeof body !== 'string') {
      throw new Error(
        'The webhook body was parsed before verification: register the route with fastifyWebhookRoute (raw body parser).',
      );
    }
    const receipt = await receiver.receive(body, request.headers);
    return reply
      .code(receipt.status)
      .header('content-type', 'application/json')
      .send(JSON.stringify(receipt.body));
  };
}

/**
 * A Fastify plugin that adds `POST <path>` for webhooks, in its own encapsulated scope whose
 * JSON parser keeps the raw bytes (the rest of your app keeps parsing JSON as usual).
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import { fastifyWebhookRoute } from '@cofre/sdk/webhooks';
 *
 * const app = Fastify();
 * await app.register(fastifyWebhookRoute(receiver, { path: '/webhooks' }));
 * await app.listen({ port: 3000 });
 * ```
 */
export function fastifyWebhookRoute(
  receiver: WebhookReceiver,
  options: { path: string; bodyLimit?: number },
): (instance: FastifyLikeInstance) => Promise<void> {
  const handler = createFastifyWebhookHandler(receiver);
  return async (instance) => {
    instance.addContentTypeParser(
      'application/json',
      {
        parseAs: 'buffer',
        ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
      },
      (_request, body, done) => done(null, body),
    );
    instance.post(options.path, handler);
  };
}
