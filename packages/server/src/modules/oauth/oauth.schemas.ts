import { Type, type Static } from '@sinclair/typebox';
import { OAUTH_ERRORS } from './oauth-error.js';

/** Longest client id and secret a token request may carry, in any of its three places. */
export const MAX_CLIENT_ID_CHARS = 128;
export const MAX_CLIENT_SECRET_CHARS = 256;

/** The spec's JSON body (section 4, "Obtain a token"). `grant_type` is accepted for OAuth libraries. */
export const JsonTokenRequest = Type.Object(
  {
    clientId: Type.String({ minLength: 1, maxLength: MAX_CLIENT_ID_CHARS }),
    clientSecret: Type.String({ minLength: 1, maxLength: MAX_CLIENT_SECRET_CHARS }),
    grantType: Type.Optional(Type.Literal('client_credentials')),
    scope: Type.Optional(
      Type.String({
        maxLength: 1024,
        description:
          'Space-separated scopes this token should hold (e.g. `operations:read accounts:read`), within what the client holds; absent: all of them.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** RFC 6749 section 4.4.2, form-encoded; credentials in the body or in HTTP Basic. */
export const FormTokenRequest = Type.Object(
  {
    grant_type: Type.String({ minLength: 1, maxLength: 64 }),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CLIENT_ID_CHARS })),
    client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CLIENT_SECRET_CHARS })),
    scope: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  // RFC 6749 section 3.2: the server MUST ignore unrecognized request parameters.
  { additionalProperties: true },
);

export const TokenRequestBody = Type.Union([JsonTokenRequest, FormTokenRequest]);
export type TokenRequestBody = Static<typeof TokenRequestBody>;

export const TokenResponse = Type.Object(
  {
    accessToken: Type.String(),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ examples: [82800] }),
    scope: Type.String({
      description: 'The scopes the token holds, space-separated.',
      examples: ['accounts:read accounts:write operations:read'],
    }),
  },
  { description: 'Answer to a JSON request (the spec form).' },
);

export const OAuthTokenResponse = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
    scope: Type.String(),
  },
  { description: 'Answer to a form-encoded request (RFC 6749 section 5.1).' },
);

export const Jwks = Type.Object({
  keys: Type.Array(Type.Object({}, { additionalProperties: true })),
});

/**
 * Every error of the token endpoint: RFC 6749 section 5.2 members first, then the problem
 * members every other route answers with (docs/api.md "Authentication").
 */
export const OAuthError = Type.Object(
  {
    error: Type.Union(OAUTH_ERRORS.map((e) => Type.Literal(e))),
    error_description: Type.String({
      description: 'Printable ASCII without `"` or `\\` (RFC 6749 section 5.2).',
    }),
    type: Type.String({ description: 'urn:cofre:problem:<code>, as in every problem document.' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable SCREAMING_SNAKE code to switch on.' }),
    requestId: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          pointer: Type.String(),
          in: Type.Union([
            Type.Literal('body'),
            Type.Literal('query'),
            Type.Literal('path'),
            Type.Literal('header'),
          ]),
          code: Type.String(),
          detail: Type.String(),
        }),
      ),
    ),
  },
  {
    additionalProperties: true,
    description: 'OAuth 2.0 error response (RFC 6749 section 5.2) carrying the problem members.',
  },
);

/** RFC 8414 authorization server metadata, as far as cofre has anything to say. */
export const AuthorizationServerMetadata = Type.Object(
  {
    issuer: Type.String({ description: 'Equals the `iss` of every access token.' }),
    token_endpoint: Type.String({ format: 'uri' }),
    jwks_uri: Type.String({ format: 'uri' }),
    grant_types_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    response_types_supported: Type.Array(Type.String()),
    scopes_supported: Type.Array(Type.String()),
    service_documentation: Type.String({ format: 'uri' }),
  },
  { additionalProperties: true },
);
