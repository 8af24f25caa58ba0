import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { IdempotencyService } from '../../modules/idempotency/index.js';
import { IdempotencyKeyHeaders, idempotent } from '../../modules/idempotency/index.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { CreatedSubscription, SubscriptionParams } from '../subscriptions/subscriptions.schemas.js';
import type { ListenHub, OpenOutcome } from './listen-hub.js';
import { runListenStream } from './listen-stream.js';
import { CreateListenBody, ListenResult, ListenResultBody } from './listen.schemas.js';
import type { ListenService } from './listen.service.js';
import type { RouteApp } from '../../plugins/route-app.js';
import { requires } from '../../plugins/route-scope.js';

export interface ListenRoutesOptions {
  listen: ListenService;
  idempotency: IdempotencyService;
  db: Db;
  clock: Clock;
  retryDelayMs: number;
  /** This process's streams: their limits and wake-ups (built once in app.ts). */
  hub: ListenHub;
  /** COFRE_LISTEN_POLL_MS: the longest an idle stream goes without reading. */
  safetyPollMs: number;
}

const tags = ['subscriptions'];

/** `cofre listen`'s three endpoints (docs/webhooks.md "Receiving on localhost: cofre listen"). */
export const listenRoutes: FastifyPluginAsyncTypebox<ListenRoutesOptions> = async (
  app,
  options,
) => {
  // Closing (a drain, or app.close()) ends every stream at once; each client reconnects.
  app.addHook('preClose', (done) => {
    options.hub.endAll();
    done();
  });
  createRoute(app, options);
  streamRoute(app, options);
  resultsRoute(app, options);
};

/** Seconds a refused stream is asked to wait: a slot frees only when another stream ends. */
export const LISTEN_RETRY_AFTER_SECONDS = 5;

/** The answer to a stream over a limit (docs/webhooks.md "Limits"). */
function streamRefusal(refused: Extract<OpenOutcome, { kind: 'refused' }>): AppError {
  const headers = { 'retry-after': String(LISTEN_RETRY_AFTER_SECONDS) };
  if (refused.scope === 'customer') {
    return new AppError('TOO_MANY_STREAMS', {
      detail: `A customer may have at most ${refused.limit} listen streams open at once on one API process; close one, or retry after ${LISTEN_RETRY_AFTER_SECONDS} s.`,
      headers,
    });
  }
  // The server's capacity, not the customer's doing: another process may have room.
  return new AppError('SERVICE_UNAVAILABLE', {
    detail: `This API process serves its maximum of ${refused.limit} listen streams; retry after ${LISTEN_RETRY_AFTER_SECONDS} s.`,
    headers,
  });
}

/** POST /v1/listen: a subscription whose deliveries `cofre listen` relays. */
function createRoute(app: RouteApp, { listen, idempotency }: ListenRoutesOptions): void {
  app.post(
    '/v1/listen',
    {
      schema: {
        ...requires('subscriptions:write'),
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
}

/** GET /v1/listen/{subscriptionId}/stream: the deliveries, as Server-Sent Events. */
function streamRoute(app: RouteApp, options: ListenRoutesOptions): void {
  const { listen, hub } = options;
  app.get(
    '/v1/listen/:subscriptionId/stream',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags,
        summary: "Stream a listen subscription's deliveries (Server-Sent Events)",
        description:
          'Events: `ready`, then one `message` per due delivery (`{messageId, attempt, trigger, eventId, eventType, headers, body, sentAt}`); the stream ends after `gone` (the subscription was deleted), `unauthorized` (the token was refused since: the client disabled, its secret rotated, or the token expired; a problem document with the auth code; reconnecting with that token is a 401) or `replaced` (another connection took the subscription over on this server); a comment every 15 s. Every message not yet reported is sent again on the next connection (at least once). At most `COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER` streams of one customer per API process (429 `TOO_MANY_STREAMS`).',
        params: SubscriptionParams,
        response: {
          200: {
            description: 'A Server-Sent Events stream',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...problemResponses(401, 404, 409),
          429: {
            ...problemResponses(429)[429],
            description:
              'The customer already has its maximum of listen streams open on this API process (TOO_MANY_STREAMS), or too many requests for this client (RATE_LIMITED); retry after `Retry-After` seconds.',
          },
          503: {
            ...problemResponses(503)[503],
            description:
              'This API process serves its maximum of listen streams, the database is unavailable, or the server is shutting down; retry after `Retry-After` seconds.',
          },
        },
      },
    },
    async (request, reply) => {
      const subscription = await listen.listenSubscription(
        request.auth.customerId,
        request.params.subscriptionId,
      );
      // Refused before the response is hijacked, so the refusal is an ordinary problem answer.
      const slot = hub.open(request.auth.customerId, subscription.id);
      if (slot.kind === 'refused') throw streamRefusal(slot);
      reply.hijack();
      try {
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          // The connection ends with the stream: a hijacked response skips the drain's onSend
          // hook, and a keep-alive connection left behind would hold a shutdown open.
          connection: 'close',
          'x-request-id': String(request.id),
        });
        await runListenStream({
          raw: reply.raw,
          db: options.db,
          clock: options.clock,
          subscriptionId: subscription.id,
          retryDelayMs: options.retryDelayMs,
          hub: slot.stream,
          credential: request.credential,
          requestId: String(request.id),
          stopping: () => app.drain.draining,
          safetyPollMs: options.safetyPollMs,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'listen stream ended by an error');
      } finally {
        // Whatever ended it: the client went, a drain, an error, a refused credential.
        slot.stream.release();
      }
    },
  );
}

/** POST /v1/listen/{subscriptionId}/results: what the local URL answered. */
function resultsRoute(app: RouteApp, { listen }: ListenRoutesOptions): void {
  app.post(
    '/v1/listen/:subscriptionId/results',
    {
      schema: {
        ...requires('subscriptions:write'),
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
}
