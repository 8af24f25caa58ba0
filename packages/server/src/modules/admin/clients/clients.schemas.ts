import { Type, type Static } from '@sinclair/typebox';
import { DateTimeInput, FreeText, StringEnum } from '../../../lib/schema.js';
import { ACCESS_LEVELS, SCOPE_RESOURCES } from '../../../lib/scopes.js';
import { CLIENT_STATUSES } from '../../customers/index.js';
import { Id, strict } from '../admin.schemas.js';

export const ClientParams = Type.Object({ clientId: Id });

/** A level per resource (lib/scopes.ts); a resource not named is `none`. */
export const Permissions = Type.Object(
  Object.fromEntries(SCOPE_RESOURCES.map((r) => [r, Type.Optional(StringEnum(ACCESS_LEVELS))])),
  {
    ...strict,
    description:
      'What the client may do per resource: none, read or write (write includes read); a resource not named is none. docs/api.md "Restricted clients and scopes".',
  },
);

/** At most this many CIDR blocks per client. */
export const MAX_ALLOWED_NETWORKS = 20;
// An IPv4 or IPv6 address with an optional prefix length: the form normaliseCidr reads, stated
// as a pattern so a generated client (and the document's own conformance tests) can tell a valid
// one. IPv6 in its RFC 4291 text forms, without zone or embedded IPv4.
const H = '[0-9A-Fa-f]{1,4}';
const IPV4 =
  '((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(/(3[0-2]|[12]?[0-9]))?';
const IPV6 =
  `((${H}:){7}${H}|(${H}:){1,7}:|(${H}:){1,6}:${H}|(${H}:){1,5}(:${H}){1,2}|(${H}:){1,4}(:${H}){1,3}` +
  `|(${H}:){1,3}(:${H}){1,4}|(${H}:){1,2}(:${H}){1,5}|${H}:(:${H}){1,6}|:((:${H}){1,7}|:))` +
  '(/(12[0-8]|1[01][0-9]|[1-9]?[0-9]))?';
export const CIDR_PATTERN = `^(${IPV4}|${IPV6})$`;

const AllowedNetworks = Type.Array(Type.String({ maxLength: 43, pattern: CIDR_PATTERN }), {
  minItems: 1,
  maxItems: MAX_ALLOWED_NETWORKS,
  description:
    'CIDR blocks (IPv4 or IPv6; a bare address is a block of one) the client may be used from: its token requests and every request with its tokens.',
});

/** The most a client can be given, the same bound as COFRE_RATE_LIMIT_PER_MINUTE. */
export const MAX_RATE_LIMIT = 100_000_000;
const RateLimit = Type.Integer({
  minimum: 1,
  maximum: MAX_RATE_LIMIT,
  description:
    'Requests per minute this client may make on /v1, in place of the deployment\'s COFRE_RATE_LIMIT_PER_MINUTE (docs/api.md "Rate limits"). Takes effect within COFRE_CLIENT_CACHE_TTL_MS.',
});

/** At most this many accounts per bound client (docs/api.md "Clients bound to accounts"). */
export const MAX_BOUND_ACCOUNTS = 100;
const AccountIds = Type.Array(Id, {
  minItems: 1,
  maxItems: MAX_BOUND_ACCOUNTS,
  uniqueItems: true,
  description:
    'The accounts of the customer this client is bound to: any other account of the customer is to it as another customer\'s (404), its lists hold only these accounts\' rows, and it cannot open accounts. A bound client holds beneficiaries at read at most and no events or subscriptions (400 otherwise). docs/api.md "Clients bound to accounts".',
});

const restrictionMembers = {
  permissions: Type.Optional(Permissions),
  expiresAt: Type.Optional(
    DateTimeInput({
      description: 'When the client stops working: no token after it, its tokens refused.',
    }),
  ),
  allowedNetworks: Type.Optional(AllowedNetworks),
  rateLimit: Type.Optional(RateLimit),
  accountIds: Type.Optional(AccountIds),
};

// Object-level `examples` become the request examples of /openapi.json; each succeeds as sent
// (http.openapi.test.ts sends them).
export const CreateClientBody = Type.Object(
  {
    name: Type.Optional(FreeText(200, { description: "Defaults to the customer's name." })),
    ...restrictionMembers,
  },
  {
    ...strict,
    description:
      'Without `permissions` the client has full access, as every client created before restrictions.',
    examples: [
      { name: 'Nightly settlement batch' },
      {
        name: 'Reporting (read only)',
        permissions: { accounts: 'read', operations: 'read' },
        expiresAt: '2031-01-01T00:00:00.000Z',
        allowedNetworks: ['203.0.113.0/24'],
      },
    ],
  },
);
export type CreateClientBody = Static<typeof CreateClientBody>;

/**
 * Any subset; `null` lifts a restriction (full access, no expiry, any network, the default limit,
 * every account).
 */
export const PatchClientBody = Type.Object(
  {
    name: Type.Optional(FreeText(200)),
    permissions: Type.Optional(Type.Union([Permissions, Type.Null()])),
    expiresAt: Type.Optional(Type.Union([DateTimeInput(), Type.Null()])),
    allowedNetworks: Type.Optional(Type.Union([AllowedNetworks, Type.Null()])),
    rateLimit: Type.Optional(Type.Union([RateLimit, Type.Null()])),
    accountIds: Type.Optional(Type.Union([AccountIds, Type.Null()])),
  },
  {
    ...strict,
    minProperties: 1,
    examples: [{ permissions: { accounts: 'read', operations: 'write' } }],
  },
);
export type PatchClientBody = Static<typeof PatchClientBody>;

/** Shown once, when created (a customer's first client, or another one). */
export const IssuedCredentials = Type.Object({
  customerId: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown only in this answer; store it safely.' }),
});
/** Shown once, when rotated. */
export const RotatedSecret = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown only in this answer; store it safely.' }),
  secretVersion: Type.Integer(),
});

/** An API client as an operator sees it: never its secret or webhook keys. */
export const OperatorClient = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  environment: Type.String(),
  status: StringEnum(CLIENT_STATUSES),
  secretVersion: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  secretRotatedAt: Type.String({ format: 'date-time' }),
  /** Every resource with its level; all `write` for a client without restrictions. */
  permissions: Type.Record(Type.String(), StringEnum(ACCESS_LEVELS)),
  /** The scopes its tokens may hold, space-separated as a token's `scope`. */
  scope: Type.String(),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  allowedNetworks: Type.Union([Type.Array(Type.String()), Type.Null()]),
  rateLimit: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "The client's own requests per minute on /v1; null: the deployment's COFRE_RATE_LIMIT_PER_MINUTE.",
  }),
  accountIds: Type.Union([Type.Array(Type.String()), Type.Null()], {
    description: 'The accounts the client is bound to; null: every account of the customer.',
  }),
});
export type OperatorClient = Static<typeof OperatorClient>;
export const OperatorClientList = Type.Object({ data: Type.Array(OperatorClient) });
