import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { IdempotencyService } from '../../modules/idempotency/index.js';
import { IdempotencyKeyHeaders, idempotent } from '../../modules/idempotency/index.js';
import {
  CreatedSubscription,
  CreateSubscriptionBody,
  ListSubscriptionsQuery,
  PatchSubscriptionBody,
  RotatedSecret,
  RotateSecretBody,
  Subscription,
  SubscriptionKeys,
  SubscriptionSecret,
  SubscriptionPage,
  SubscriptionParams,
} from './subscriptions.schemas.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type { RouteApp } from '../../plugins/route-app.js';
import { requires } from '../../plugins/route-scope.js';
import { StoredMetadata, sendWithStoredMetadata } from '../../lib/stored-metadata.js';

const tags = ['subscriptions'];

/** The subscriptions API (docs/webhooks.md), one group of routes per concern. */
export const subscriptionsRoutes: FastifyPluginAsyncTypebox<{
  subscriptions: SubscriptionsService;
  idempotency: IdempotencyService;
}> = async (app, { subscriptions, idempotency }) => {
  createRoute(app, subscriptions, idempotency);
  secretRoutes(app, subscriptions);
  keysRoute(app, subscriptions);
  readRoutes(app, subscriptions);
  changeRoutes(app, subscriptions);
};

/** POST /v1/subscriptions: the one answer that carries the new subscription's secret. */
function createRoute(
  app: RouteApp,
  subscriptions: SubscriptionsService,
  idempotency: IdempotencyService,
): void {
  app.post(
    '/v1/subscriptions',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary: 'Create a webhook subscription',
        description:
          'Accepts `Idempotency-Key`. The URL must be public HTTPS (docs/webhooks.md). The answer carries the signing `secret`, which no other representation of the subscription shows (read it again with GET /v1/subscriptions/{id}/secret).',
        headers: IdempotencyKeyHeaders,
        body: CreateSubscriptionBody,
        response: {
          201: Type.Ref(CreatedSubscription),
          ...problemResponses(400, 401, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const subscription = await idempotent(request, reply, idempotency, (complete) =>
        subscriptions.create(request.auth, request.body, complete),
      );
      // It carries the signing secret: no cache may keep it (RFC 9111 §5.2.2.5).
      return reply
        .header('cache-control', 'no-store')
        .header('location', `/v1/subscriptions/${subscription.id}`)
        .send(subscription);
    },
  );
}

/** The signing secret: read it, rotate it (docs/webhooks.md "Signing secret"). */
function secretRoutes(app: RouteApp, subscriptions: SubscriptionsService): void {
  app.get(
    '/v1/subscriptions/:subscriptionId/secret',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary: "Read a subscription's signing secret",
        description:
          'The `whsec_…` secret both signature formats sign with (docs/webhooks.md "Signing secret"); `previousSecretExpiresAt` while a rotation window is open. With `signingKey` `client-secret`, the key derived from the client secret in the same form, and the end of the client rotation\'s grace window. With `signingKey` `ed25519` no secret exists: 409 `INVALID_STATE` (its public keys are at GET /v1/subscriptions/{id}/keys).',
        params: SubscriptionParams,
        response: { 200: Type.Ref(SubscriptionSecret), ...problemResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const secret = await subscriptions.readSecret(
        request.auth.customerId,
        request.params.subscriptionId,
      );
      return reply.header('cache-control', 'no-store').send(secret);
    },
  );

  app.post(
    '/v1/subscriptions/:subscriptionId/secret/rotate',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary: "Rotate a subscription's signing secret",
        description:
          'Issues a new secret; the current one keeps signing beside it (new signature first) until `previousSecretExpiresAt`: `expireCurrentInSeconds` (0 to 604800), default COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS (one day). Not idempotent: a repeated call rotates again (docs/webhooks.md). A subscription with `signingKey` `client-secret` is a 409 `INVALID_STATE`: its key changes with the client secret. With `signingKey` `ed25519` a new Ed25519 key pair is made instead: the answer has its `publicKey` and `keyId`, never a private key, and both keys sign (two `v1a,` signatures) and are in the JWKS until `previousSecretExpiresAt`.',
        params: SubscriptionParams,
        body: Type.Optional(RotateSecretBody),
        response: {
          200: Type.Ref(RotatedSecret),
          ...problemResponses(400, 401, 404, 409, 413, 415, 429),
        },
      },
      // The body is optional: a body-less POST takes the defaults (validated as `{}`).
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
    },
    async (request, reply) => {
      const rotated = await subscriptions.rotateSecret(
        request.auth.customerId,
        request.params.subscriptionId,
        request.body ?? undefined,
      );
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );
}

/**
 * GET …/keys: the public keys as a JWKS (RFC 7517), authenticated like every /v1 read. No
 * unauthenticated copy is served: a receiver configures the keys once (the `whpk_` form in the
 * subscription, or this JWKS fetched with the integrator's token), and a public URL would tell
 * anyone which subscriptions exist (docs/webhooks.md "Ed25519 signatures").
 */
function keysRoute(app: RouteApp, subscriptions: SubscriptionsService): void {
  app.get(
    '/v1/subscriptions/:subscriptionId/keys',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags,
        summary: "A subscription's public signing keys (JWKS)",
        description:
          'With `signingKey` `ed25519`: the Ed25519 public keys that sign its deliveries (`v1a,`), as a JSON Web Key Set (RFC 7517, RFC 8037), each with its `kid` (RFC 7638 thumbprint). During a rotation window both keys; after it, only the new one. Empty for an HMAC subscription (docs/webhooks.md "Ed25519 signatures").',
        params: SubscriptionParams,
        response: { 200: SubscriptionKeys, ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => subscriptions.keys(request.auth.customerId, request.params.subscriptionId),
  );
}

/** List and get. */
function readRoutes(app: RouteApp, subscriptions: SubscriptionsService): void {
  app.get(
    '/v1/subscriptions',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags,
        summary: 'List subscriptions',
        querystring: ListSubscriptionsQuery,
        response: { 200: SubscriptionPage, ...problemResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const stored = new StoredMetadata();
      const page = await subscriptions.list(request.auth.customerId, request.query, stored);
      return sendWithStoredMetadata(reply, page, stored);
    },
  );

  app.get(
    '/v1/subscriptions/:subscriptionId',
    {
      schema: {
        ...requires('subscriptions:read'),
        tags,
        summary: 'Get a subscription',
        params: SubscriptionParams,
        response: { 200: Type.Ref(Subscription), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => subscriptions.get(request.auth.customerId, request.params.subscriptionId),
  );
}

/** Update (pause and resume too) and delete. */
function changeRoutes(app: RouteApp, subscriptions: SubscriptionsService): void {
  app.patch(
    '/v1/subscriptions/:subscriptionId',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary:
          'Update a subscription (any subset; `resources` replaces; `status` pauses or resumes)',
        params: SubscriptionParams,
        body: PatchSubscriptionBody,
        response: {
          200: Type.Ref(Subscription),
          ...problemResponses(400, 401, 404, 413, 415, 429),
        },
      },
    },
    async (request) =>
      subscriptions.update(request.auth, request.params.subscriptionId, request.body),
  );

  app.delete(
    '/v1/subscriptions/:subscriptionId',
    {
      schema: {
        ...requires('subscriptions:write'),
        tags,
        summary: 'Delete a subscription; its pending messages are not delivered',
        params: SubscriptionParams,
        response: {
          204: Type.Null({ description: 'Deleted' }),
          ...problemResponses(401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await subscriptions.remove(request.auth.customerId, request.params.subscriptionId);
      return reply.code(204).send(null);
    },
  );
}
