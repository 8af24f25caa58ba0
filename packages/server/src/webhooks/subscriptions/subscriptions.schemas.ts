import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES, RESOURCE_NAMES } from '../events/event-catalog.js';
import { Metadata, MetadataPatch, MetadataView } from '../../lib/metadata.js';
import { metadataFilterProperty } from '../../lib/metadata-query.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { StringEnum } from '../../lib/schema.js';
import {
  SETTABLE_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TRANSPORTS,
} from './subscriptions.table.js';
import { SIGNATURE_FORMATS } from '../signing/signature-formats.js';
import { SIGNING_KEYS } from '../signing/signing-keys.js';

export const ResourceNameSchema = StringEnum(RESOURCE_NAMES, {
  description:
    'ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).',
});
export const EventTypeSchema = StringEnum(EVENT_TYPES);

export const ResourceSelection = Type.Object(
  {
    name: ResourceNameSchema,
    includeAll: Type.Optional(
      Type.Boolean({ default: false, description: 'Every event of this resource.' }),
    ),
    events: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 50,
        uniqueItems: true,
        description: 'Event types of this resource.',
      }),
    ),
  },
  { additionalProperties: false },
);

const url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Public HTTPS callback URL.',
});
const maxConcurrency = Type.Integer({
  minimum: 1,
  maximum: 1_000,
  description:
    'Attempts of this subscription in flight at once (default 4, at most the server maximum, COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION, 16 by default). Delivery order is not guaranteed.',
});
const signatureFormat = StringEnum(SIGNATURE_FORMATS, {
  description:
    '`cofre` (default): `X-Message-Signature: v1=<hex>` fixed at message creation. `standard-webhooks`: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, signed per attempt, verifiable by the stock Standard Webhooks and Svix libraries (docs/webhooks.md).',
});
const signingKey = StringEnum(SIGNING_KEYS, {
  description:
    '`subscription-secret` (default): the subscription\'s own `whsec_…` secret signs. `client-secret`: the key derived from the API client\'s secret signs (HMAC-SHA256(key = clientSecret, "cofre.webhook-signing.v1")), so a receiver holding the client secret verifies without a subscription secret; the client is the one that created the subscription or whose PATCH chose `client-secret`, and a rotation of its secret rotates the key (docs/webhooks.md "Signing with the client secret"). `ed25519`: the subscription\'s own Ed25519 key pair signs, `webhook-signature: v1a,<base64>` (Standard Webhooks asymmetric signatures, only with `signatureFormat` `standard-webhooks`); the private key never leaves the server, receivers verify with `publicKey` or the JWKS at GET /v1/subscriptions/{id}/keys (docs/webhooks.md "Ed25519 signatures").',
});

/** A `whpk_` public key: the Standard Webhooks form of a 32-byte Ed25519 public key. */
const publicKey = Type.String({
  pattern: '^whpk_[A-Za-z0-9+/]{43}=$',
  maxLength: 49,
  description:
    'With `signingKey` `ed25519`: the public key that signs now, `whpk_` + standard base64 of its 32 bytes (Standard Webhooks), for receivers configured without a JWKS.',
});
const keyId = Type.String({
  pattern: '^[A-Za-z0-9_-]{43}$',
  maxLength: 43,
  description: "The key's id (`kid`): its RFC 7638 JWK thumbprint (SHA-256, base64url).",
});
const resources = Type.Array(ResourceSelection, {
  maxItems: RESOURCE_NAMES.length,
  description: 'Replaces the whole selection when patched.',
});

export const CreateSubscriptionBody = Type.Object(
  {
    url,
    includeAll: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'Every event of every business resource (ACCOUNT, BENEFICIARY, OPERATION); the operational ones, SUBSCRIPTION and MESSAGE, are selected by name only.',
      }),
    ),
    resources: Type.Optional(resources),
    allowRetry: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Retry failed deliveries (fixed delay, bounded count).',
      }),
    ),
    maxConcurrency: Type.Optional(maxConcurrency),
    signatureFormat: Type.Optional(signatureFormat),
    signingKey: Type.Optional(signingKey),
    metadata: Type.Optional(Metadata),
  },
  {
    additionalProperties: false,
    // Swagger UI offers this body as-is and it succeeds: a public https URL (the URL policy
    // refuses private, loopback and plain-http ones) and a non-empty selection.
    examples: [
      {
        url: 'https://example.com/webhooks/cofre',
        resources: [
          { name: 'ACCOUNT', includeAll: true },
          { name: 'OPERATION', events: ['OPERATION_COMPLETED', 'OPERATION_FAILED'] },
        ],
        allowRetry: true,
      },
    ],
  },
);
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBody>;

export const PatchSubscriptionBody = Type.Object(
  {
    url: Type.Optional(url),
    includeAll: Type.Optional(Type.Boolean()),
    resources: Type.Optional(resources),
    allowRetry: Type.Optional(Type.Boolean()),
    maxConcurrency: Type.Optional(maxConcurrency),
    signatureFormat: Type.Optional(signatureFormat),
    signingKey: Type.Optional(signingKey),
    status: Type.Optional(
      StringEnum(SETTABLE_SUBSCRIPTION_STATUSES, {
        description:
          'PAUSED holds deliveries; ACTIVE sends them, oldest first (also enables a DISABLED subscription again). DISABLED is set by the server only.',
      }),
    ),
    metadata: Type.Optional(MetadataPatch),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ status: 'PAUSED' }] },
);
export type PatchSubscriptionBody = Static<typeof PatchSubscriptionBody>;

export const Subscription = Type.Object(
  {
    id: Type.String(),
    url: Type.String({ description: 'Empty for a listen subscription (transport "listen").' }),
    includeAll: Type.Boolean(),
    resources: Type.Array(
      Type.Object({
        name: ResourceNameSchema,
        includeAll: Type.Boolean(),
        events: Type.Array(EventTypeSchema),
      }),
    ),
    allowRetry: Type.Boolean(),
    maxConcurrency: Type.Integer({
      description: 'Attempts of this subscription in flight at once, across all workers.',
    }),
    signatureFormat,
    signingKey,
    signingClientId: Type.Optional(
      Type.String({
        description:
          'With `signingKey` `client-secret`: the API client whose secret the signing key is derived from.',
      }),
    ),
    publicKey: Type.Optional(publicKey),
    keyId: Type.Optional(keyId),
    transport: StringEnum(SUBSCRIPTION_TRANSPORTS, {
      description:
        '`http`: POSTed to `url` by the server. `listen`: relayed by `cofre listen` (POST /v1/listen); docs/webhooks.md.',
    }),
    status: StringEnum(SUBSCRIPTION_STATUSES, {
      description:
        'ACTIVE sends. PAUSED (by its owner) and DISABLED (by the server: failing for longer than the auto-disable period, docs/webhooks.md "Delivery alerts") hold new messages until PATCH status ACTIVE.',
    }),
    disabled: Type.Optional(
      Type.Object(
        {
          at: Type.String({ format: 'date-time' }),
          reason: Type.String(),
        },
        { description: 'Only while DISABLED: when the server disabled it, and why.' },
      ),
    ),
    metadata: MetadataView,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Subscription',
    examples: [
      {
        id: 'sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ',
        url: 'https://example.com/webhooks/cofre',
        includeAll: false,
        resources: [
          {
            name: 'ACCOUNT',
            includeAll: true,
            events: ['ACCOUNT_CREATED', 'ACCOUNT_ASSET_ACTIVATED', 'ACCOUNT_ASSET_FAILED'],
          },
        ],
        allowRetry: true,
        maxConcurrency: 4,
        signatureFormat: 'cofre',
        signingKey: 'subscription-secret',
        transport: 'http',
        status: 'ACTIVE',
        metadata: {},
        createdAt: '2026-11-22T08:50:00.000Z',
        updatedAt: '2026-11-22T08:50:00.000Z',
      },
    ],
  },
);
export type Subscription = Static<typeof Subscription>;

const secret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
  description:
    'The signing secret: `whsec_` + standard base64 of 32 random bytes; the HMAC key is the decoded bytes (docs/webhooks.md). With `signingKey` `client-secret`, the key derived from the client secret in the same form.',
});

/**
 * The 201 of a creation: the only representation that carries the secret besides GET …/secret.
 * An `ed25519` subscription has no secret to show: its private key is never returned.
 */
export const CreatedSubscription = Type.Object(
  { ...Subscription.properties, secret: Type.Optional(secret) },
  {
    $id: 'CreatedSubscription',
    description:
      'The subscription, with its signing secret (shown here once; GET …/secret reads it again); without one when `signingKey` is `ed25519` (verify with `publicKey`).',
  },
);
export type CreatedSubscription = Static<typeof CreatedSubscription>;

export const SubscriptionSecret = Type.Object(
  {
    secret,
    previousSecretExpiresAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'Present while the secret replaced by the last rotation still signs alongside, until this time.',
      }),
    ),
  },
  {
    $id: 'SubscriptionSecret',
    examples: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8bbJw9MJoNw=' }],
  },
);
export type SubscriptionSecret = Static<typeof SubscriptionSecret>;

/** Seven days: the longest a replaced secret may keep signing. */
export const MAX_SECRET_ROTATION_WINDOW_SECONDS = 604_800;

export const RotateSecretBody = Type.Object(
  {
    expireCurrentInSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_SECRET_ROTATION_WINDOW_SECONDS,
        description:
          'How long the current secret keeps signing beside the new one (default COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS, one day); 0 retires it at once.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ expireCurrentInSeconds: 3600 }] },
);
export type RotateSecretBody = Static<typeof RotateSecretBody>;

export const RotatedSecret = Type.Object(
  {
    secret: Type.Optional(secret),
    publicKey: Type.Optional(publicKey),
    keyId: Type.Optional(keyId),
    previousSecretExpiresAt: Type.String({
      format: 'date-time',
      description:
        'Until then the replaced secret (or, with `signingKey` `ed25519`, key pair) signs too (new signature first).',
    }),
  },
  {
    $id: 'RotatedSecret',
    description:
      "The new `secret`; with `signingKey` `ed25519` instead the new key pair's `publicKey` and `keyId` (its private key is never returned).",
  },
);
export type RotatedSecret = Static<typeof RotatedSecret>;

/** One public key of a JWKS (RFC 7517 §4, RFC 8037 §2). */
const Jwk = Type.Object({
  kty: Type.Literal('OKP'),
  crv: Type.Literal('Ed25519'),
  x: Type.String({
    pattern: '^[A-Za-z0-9_-]{43}$',
    maxLength: 43,
    description: 'The 32-byte public key, base64url (RFC 8037 §2).',
  }),
  kid: keyId,
  use: Type.Literal('sig'),
  alg: Type.Literal('EdDSA'),
});

export const SubscriptionKeys = Type.Object(
  {
    keys: Type.Array(Jwk, {
      maxItems: 2,
      description:
        'The keys that sign now: the current one first, then during a rotation window the one it replaced. Empty unless `signingKey` is `ed25519`.',
    }),
  },
  { description: "The subscription's public signing keys as a JSON Web Key Set (RFC 7517 §5)." },
);
export type SubscriptionKeys = Static<typeof SubscriptionKeys>;

export const SubscriptionPage = Page(Type.Ref(Subscription));

export const ListSubscriptionsQuery = ListQuery({
  status: Type.Optional(StringEnum(SUBSCRIPTION_STATUSES)),
  ...metadataFilterProperty,
});
export type ListSubscriptionsQuery = Static<typeof ListSubscriptionsQuery>;

export const SubscriptionParams = Type.Object({
  subscriptionId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const EventCatalog = Type.Object({
  resources: Type.Array(
    Type.Object({
      name: ResourceNameSchema,
      operational: Type.Boolean({
        description:
          'True for SUBSCRIPTION and MESSAGE (delivery alerts): selected by name only, never by a top-level includeAll.',
      }),
      events: Type.Array(Type.Object({ type: EventTypeSchema, description: Type.String() })),
    }),
  ),
});
