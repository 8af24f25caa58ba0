import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, invalidData } from '../../lib/errors.js';
import type { Config } from '../../config/config.js';
import type { TokenKey } from '../keys/signing-keys.js';
import { BASIC_CHALLENGE, renderOAuthError } from './oauth-error.js';
import {
  JWKS_PATH,
  TOKEN_PATH,
  authorizationServerMetadata,
  configuredBase,
  localBase,
  metadataPaths,
} from './oauth-metadata.js';
import type { ClientCredentials, OAuthService } from './oauth.service.js';
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

export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (
  app,
  { oauth, tokenKey, config },
) => {
  // Form bodies are accepted here only (RFC 6749 section 4.4.2); every other route is JSON.
  await app.register(formBody, { bodyLimit: 8192 });

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
          }
        : {
            accessToken: token.accessToken,
            tokenType: 'Bearer' as const,
            expiresIn: token.expiresIn,
          };
    },
  );

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
};

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

function readCredentials(
  body: Record<string, string | undefined>,
  authorization: string | undefined,
  isForm: boolean,
  browserScript: boolean,
): ClientCredentials {
  const fromBody = isForm
    ? { id: body.client_id, secret: body.client_secret }
    : { id: body.clientId, secret: body.clientSecret };
  if (isForm && body.grant_type !== 'client_credentials') {
    throw new AppError('UNSUPPORTED_GRANT_TYPE', {
      detail: 'Only grant_type=client_credentials is supported.',
    });
  }
  // A token carries its client's whole access: there are no scopes to grant. Refused rather than
  // ignored, so a client never believes it holds a narrower token than it does (RFC 6749 section
  // 3.3 would otherwise oblige a `scope` in the answer). An empty scope is no scope.
  if (isForm && (body.scope ?? '').trim() !== '') {
    throw new AppError('INVALID_DATA', {
      detail: 'cofre has no scopes: leave scope out; a token has the full access of its client.',
      errors: [
        {
          pointer: '/scope',
          in: 'body',
          code: 'UNSUPPORTED_SCOPE',
          detail: 'cofre has no scopes: leave scope out.',
        },
      ],
      extensions: { error: 'invalid_scope' },
    });
  }
  const basic = parseBasic(authorization);
  // With Basic, a client_id in the body naming the same client is not a second method (some
  // libraries add it); a secret in the body, or another id, is.
  const secondMethod =
    basic !== undefined &&
    (fromBody.secret !== undefined || (fromBody.id !== undefined && fromBody.id !== basic.id));
  if (secondMethod) {
    // RFC 6749 section 2.3: a client must not use more than one authentication method.
    throw invalidData(
      [
        {
          pointer: '',
          in: 'header',
          code: 'CONFLICT',
          detail: 'Send credentials in HTTP Basic or in the body, not both.',
        },
      ],
      'Send credentials in HTTP Basic or in the body, not both.',
    );
  }
  if (basic) {
    return { clientId: basic.id, clientSecret: basic.secret, basicChallenge: !browserScript };
  }
  if (isForm && (fromBody.id === undefined || fromBody.secret === undefined)) {
    // RFC 6749 section 5.2: no (or an unsupported) client authentication is invalid_client;
    // the challenge names the method to use.
    throw new AppError('INVALID_CLIENT', {
      detail:
        'No client authentication: send HTTP Basic, or client_id and client_secret in the body.',
      headers: browserScript ? {} : { 'www-authenticate': BASIC_CHALLENGE },
    });
  }
  if (fromBody.id === undefined || fromBody.secret === undefined) {
    // The JSON schema requires both; kept for a body that bypassed it.
    throw invalidData(
      ['clientId', 'clientSecret']
        .filter((n) => body[n] === undefined)
        .map((n) => ({
          pointer: `/${n}`,
          in: 'body' as const,
          code: 'REQUIRED',
          detail: `${n} is required.`,
        })),
    );
  }
  return { clientId: fromBody.id, clientSecret: fromBody.secret, basicChallenge: false };
}

/**
 * A request a page's script sent (Swagger UI at /docs sends `X-Requested-With: XMLHttpRequest`).
 * Its 401 goes without the Basic challenge, which would make the browser open its own login
 * dialog over the page; the body still says invalid_client. (Spring Security does the same.)
 */
function fromBrowserScript(header: string | string[] | undefined): boolean {
  return typeof header === 'string' && header.toLowerCase() === 'xmlhttprequest';
}

/** HTTP Basic per RFC 6749 section 2.3.1: both parts are form-urlencoded before base64. */
function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { id: '', secret: '' };
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replaceAll('+', ' '));
    } catch {
      return s;
    }
  };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

const missingBody = () =>
  invalidData([
    {
      pointer: '',
      in: 'body',
      code: 'REQUIRED',
      detail:
        'A body is required: JSON {clientId, clientSecret}, or the form ' +
        'grant_type=client_credentials (application/x-www-form-urlencoded).',
    },
  ]);
