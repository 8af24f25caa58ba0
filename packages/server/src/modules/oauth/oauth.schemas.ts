import { Type, type Static } from '@sinclair/typebox';

/** The spec's JSON body (section 4, "Obtain a token"). `grant_type` is accepted for OAuth libraries. */
export const JsonTokenRequest = Type.Object(
  {
    clientId: Type.String({ minLength: 1, maxLength: 128 }),
    clientSecret: Type.String({ minLength: 1, maxLength: 256 }),
    grantType: Type.Optional(Type.Literal('client_credentials')),
  },
  { additionalProperties: false },
);

/** RFC 6749 section 4.4.2, form-encoded; credentials in the body or in HTTP Basic. */
export const FormTokenRequest = Type.Object(
  {
    grant_type: Type.String({ minLength: 1, maxLength: 64 }),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
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
  },
  { description: 'Answer to a JSON request (the spec form).' },
);

export const OAuthTokenResponse = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
  },
  { description: 'Answer to a form-encoded request (RFC 6749 section 5.1).' },
);

export const Jwks = Type.Object({
  keys: Type.Array(Type.Object({}, { additionalProperties: true })),
});
