import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { IdempotencyService } from '../../modules/idempotency/index.js';
import { IdempotencyKeyHeaders, idempotent } from '../../modules/idempotency/index.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { CreatedSubscription, SubscriptionParams } from '../subscriptions/subscriptions.schemas.js';
import { runListenStream } from './listen-stream.js';
import { CreateListenBody, ListenResult, ListenResultBody } from './listen.schemas.js';
import type { ListenService } from './listen.service.js';

/** `cofre listen`'s three endpoints (docs/webhooks.md "Receiving on localhost: cofre listen"). */
export const listenRoutes: FastifyPluginAsyncTypebox<{
  listen: ListenService;
  idempotency: IdempotencyService;
  db: Db;
  clock: Clock;
  retryDelayMs: number;
}> = async (app, { listen, idempotency, db, clock, retryDelayMs }) => {
  const tags = ['subscriptions'];

  app.post(
    '/v1/listen',
    {
      schema: {
        tags,
        summary: 'Create a listen subscription (for cofre listen)',
        description:
          'A subscription with `transport: "listen"` and no URL: its deliveries are relayed by `cofre listen` through `GET /v1/listen/{subscriptionId}/stream`, never sent by the server. Delete it like any subscription. Accepts `Idempotency-Key`.',
        headers: IdempotencyKeyHeaders,
        body: CreateListenBody,
        response: {
          201: Type.Ref(CreatedSubscription),
          ...problemResponses(400, 401, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const subscription = await idempotent(request, reply, idempotency, (complete) =>
        listen.create(request.auth, request.body, complete),
      );
      return reply.header('location', `/v1/subscriptions/${subscription.id}`).send(subscription);
    },
  );

  app.get(
    '/v1/listen/:subscriptionId/stream',
    {
      schema: {
        tags,
        summary: "Stream a listen subscription's deliveries (Server-Sent Events)",
        description:
          'Events: `ready`, then one `message` per due delivery (`{messageId, attempt, trigger, eventId, eventType, headers, body}`), `gone` when the subscription is deleted; a comment every 15 s. Every message not yet reported is sent again on the next connection (at least once).',
        params: SubscriptionParams,
        response: {
          200: {
            description: 'A Server-Sent Events stream',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...problemResponses(401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const subscription = await listen.listenSubscription(
        request.auth.customerId,
        request.params.subscriptionId,
      );
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // The connection ends with the stream: a hijacked response skips the drain's onSend
        // hook, and a keep-alive connection left behind would hold a shutdown open.
        connection: 'close',
        'x-request-id': String(request.id),
      });
      try {
        await runListenStream({
          raw: reply.raw,
          db,
          clock,
          subscriptionId: subscription.id,
          retryDelayMs,
          stopping: () => app.drain.draining,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'listen stream ended by an error');
      }
    },
  );

  app.post(
    '/v1/listen/:subscriptionId/results',
    {
      schema: {
        tags,
        summary: 'Report the local answer to a relayed delivery',
        description:
          "Recorded as that attempt's execution-log entry; the message settles (or waits for a retry) as an HTTP attempt would.",
        params: SubscriptionParams,
        body: ListenResultBody,
        response: { 200: ListenResult, ...problemResponses(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request) =>
      listen.recordResult(request.auth.customerId, request.params.subscriptionId, request.body),
  );
};
