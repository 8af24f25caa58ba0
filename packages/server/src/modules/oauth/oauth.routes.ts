import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config/config.js';
import type { TokenKey } from '../keys/index.js';
import { renderOAuthError } from './oauth-error.js';
import {
  JWKS_PATH,
  TOKEN_PATH,
  authorizationServerMetadata,
  configuredBase,
  localBase,
  metadataPaths,
} from './oauth-metadata.js';
import type { OAuthService } from './oauth.service.js';
import type { RouteApp } from '../../plugins/route-app.js';
import { fromBrowserScript, missingBody, readCredentials } from './token-credentials.js';
import {
  AuthorizationServerMetadata,
  FormTokenRequest,
  Jwks,
  JsonTokenRequest,
  OAuthError,
  OAuthTokenResponse,
  TokenResponse,
} from './oauth.schemas.js';

export interface OAuthRoutesOptions {
  oauth: OAuthService;
  tokenKey: TokenKey;
  config: Config;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * The token endpoint, its keys and its RFC 8414 metadata (docs/api.md "Authentication"), outside
 * the /v1 scope's auth hook.
 */
export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (
  app,
  { oauth, tokenKey, config },
) => {
  // Form bodies are accepted here only (RFC 6749 section 4.4.2); every other route is JSON.
  await app.register(formBody, { bodyLimit: 8192 });
  tokenRoute(app, oauth);
  jwksRoute(app, tokenKey);
  metadataRoutes(app, config);
};

/** POST /v1/oauth/client/token: the spec's JSON body or the OAuth 2.0 form, answered alike. */
function tokenRoute(app: RouteApp, oauth: OAuthService): void {
  app.post(
    TOKEN_PATH,
    {
      // Every failure here, whoever raises it (validation, body parser, limiter, database), is
      // an RFC 6749 section 5.2 error body (oauth-error.ts).
      config: { renderError: renderOAuthError },
      schema: {
        tags: ['auth'],
        summary: 'Exchange client credentials for an access token',
        description:
          'Accepts the JSON form `{clientId, clientSecret}` or the OAuth 2.0 client-credentials form ' +
          '(form-encoded, credentials in HTTP Basic or in the body). JSON requests get camelCase ' +
          'fields, form requests the RFC 6749 names. Errors are RFC 6749 section 5.2 bodies ' +
          '(`application/json`, `error`, `error_description`) that also carry the problem members ' +
          '(`code`, `requestId`, ...). Discovery: `GET /.well-known/oauth-authorization-server`.',
        security: [],
        body: {
          content: {
            'application/json': { schema: JsonTokenRequest },
            [FORM]: { schema: FormTokenRequest },
          },
        },
        response: {
          200: {
            content: {
              'application/json': { schema: { anyOf: [TokenResponse, OAuthTokenResponse] } },
            },
          },
          ...oauthErrorResponses(400, 401, 413, 415, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
      // With no body (and so no Content-Type) Fastify validates nothing: the schemas are per
      // content type. Say what is missing instead of failing on it.
      if (request.body === undefined || request.body === null) throw missingBody();
      const credentials = readCredentials(
        request.body as Record<string, string | undefined>,
        request.headers.authorization,
        isForm,
        fromBrowserScript(request.headers['x-requested-with']),
      );
      const token = await oauth.issueToken(credentials, request.ip);
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return isForm
        ? {
            access_token: token.accessToken,
            token_type: 'Bearer' as const,
            expires_in: token.expiresIn,
            scope: token.scope,
          }
        : {
            accessToken: token.accessToken,
            tokenType: 'Bearer' as const,
            expiresIn: token.expiresIn,
            scope: token.scope,
          };
    },
  );
}

/** GET /.well-known/jwks.json: the public key every access token is verified with. */
function jwksRoute(app: RouteApp, tokenKey: TokenKey): void {
  const jwks = { keys: [tokenKey.publicJwk] };
  app.get(
    JWKS_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Public keys that verify access tokens (RFC 7517)',
        security: [],
        response: { 200: Jwks },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return jwks;
    },
  );
}

/** RFC 8414 metadata, at each path discovery may look for it from the issuer. */
function metadataRoutes(app: RouteApp, config: Config): void {
  const base = configuredBase(config);
  for (const url of metadataPaths(config.tokens.issuer)) {
    app.get(
      url,
      {
        schema: {
          tags: ['auth'],
          summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
          description:
            'What an OAuth client needs to discover the token endpoint and the keys. URLs are ' +
            'built from COFRE_PUBLIC_URL (else the issuer, when it is a URL; else the address ' +
            'the connection arrived on). docs/api.md "Authentication".',
          security: [],
          response: { 200: AuthorizationServerMetadata },
        },
      },
      async (request, reply) => {
        // Built from the connection only when nothing is configured: not for shared caches.
        void reply.header('cache-control', base ? 'public, max-age=300' : 'no-store');
        return authorizationServerMetadata(config, base ?? localBase(request.socket, config));
      },
    );
  }
}

/** Response entries for the token endpoint's error statuses: OAuthError, as application/json. */
function oauthErrorResponses<S extends number>(...statuses: S[]) {
  const out = {} as Record<
    S,
    { description: string; content: { 'application/json': { schema: typeof OAuthError } } }
  >;
  for (const status of statuses) {
    out[status] = {
      description: 'OAuth 2.0 error (RFC 6749 section 5.2) with the problem members',
      content: { 'application/json': { schema: OAuthError } },
    };
  }
  return out;
}
