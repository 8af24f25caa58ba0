import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, invalidData } from '../../lib/errors.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { TokenKey } from '../keys/signing-keys.js';
import type { ClientCredentials, OAuthService } from './oauth.service.js';
import {
  FormTokenRequest,
  Jwks,
  JsonTokenRequest,
  OAuthTokenResponse,
  TokenResponse,
} from './oauth.schemas.js';

export interface OAuthRoutesOptions {
  oauth: OAuthService;
  tokenKey: TokenKey;
}

const FORM = 'application/x-www-form-urlencoded';

export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (
  app,
  { oauth, tokenKey },
) => {
  // Form bodies are accepted here only (RFC 6749 section 4.4.2); every other route is JSON.
  await app.register(formBody, { bodyLimit: 8192 });

  app.post(
    '/v1/oauth/client/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange client credentials for an access token',
        description:
          'Accepts the JSON form `{clientId, clientSecret}` or the OAuth 2.0 client-credentials form ' +
          '(form-encoded, credentials in HTTP Basic or in the body). JSON requests get camelCase ' +
          'fields, form requests the RFC 6749 names.',
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
          ...problemResponses(400, 401, 415, 429),
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
    '/.well-known/jwks.json',
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
};

function readCredentials(
  body: Record<string, string | undefined>,
  authorization: string | undefined,
  isForm: boolean,
): ClientCredentials {
  const fromBody = isForm
    ? { id: body.client_id, secret: body.client_secret }
    : { id: body.clientId, secret: body.clientSecret };
  if (isForm && body.grant_type !== 'client_credentials') {
    throw new AppError('UNSUPPORTED_GRANT_TYPE', {
      detail: 'Only grant_type=client_credentials is supported.',
      extensions: { error: 'unsupported_grant_type' },
    });
  }
  const basic = parseBasic(authorization);
  if (basic && (fromBody.id !== undefined || fromBody.secret !== undefined)) {
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
  if (basic) return { clientId: basic.id, clientSecret: basic.secret, viaBasic: true };
  if (fromBody.id === undefined || fromBody.secret === undefined) {
    const names = isForm ? ['client_id', 'client_secret'] : ['clientId', 'clientSecret'];
    throw invalidData(
      names
        .filter((n) => body[n] === undefined)
        .map((n) => ({
          pointer: `/${n}`,
          in: 'body' as const,
          code: 'REQUIRED',
          detail: `${n} is required.`,
        })),
    );
  }
  return { clientId: fromBody.id, clientSecret: fromBody.secret, viaBasic: false };
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
