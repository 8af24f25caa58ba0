import { beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCredentials } from '../../src/modules/customers/customers.service.js';
import { expectOAuthError } from '../helpers/expect-oauth-error.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface OAuthScheme {
  type: string;
  flows?: { clientCredentials?: { tokenUrl: string; scopes: Record<string, string> } };
}

/**
 * Swagger UI's Authorize button for an oauth2 clientCredentials scheme (swagger-ui
 * `authorizeApplication` + `authorizeRequest`, the bundle @fastify/swagger-ui serves at /docs):
 * a same-origin POST of exactly these headers and this form, the id and secret in HTTP Basic
 * (`btoa(id + ':' + secret)`, not form-encoded), no scope parameter when no scope is ticked. It
 * then sends `Authorization: Bearer <access_token>` on every operation the scheme covers.
 */
const swaggerUiTokenRequest = (tokenUrl: string, clientId: string, clientSecret: string) => ({
  method: 'POST' as const,
  url: tokenUrl,
  headers: {
    accept: 'application/json, text/plain, */*',
    'content-type': 'application/x-www-form-urlencoded',
    'x-requested-with': 'XMLHttpRequest',
    authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
  },
  payload: 'grant_type=client_credentials',
});

describe.each(ENGINES)('Swagger UI Authorize (client credentials) on %s', (engine) => {
  let creds: IssuedCredentials;
  let scheme: OAuthScheme;
  let doc: { security: Record<string, string[]>[] };

  const t = useTestApp(engine);

  beforeAll(async () => {
    creds = await t.createClient('Swagger user');
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    scheme = (doc as unknown as { components: { securitySchemes: Record<string, OAuthScheme> } })
      .components.securitySchemes.clientCredentials!;
  });

  it('declares an oauth2 client-credentials scheme at the token endpoint, next to bearerAuth', () => {
    expect(scheme).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: '/v1/oauth/client/token', scopes: {} } },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { clientCredentials: [] }]);
  });

  it('gets a token for the request Swagger UI sends, which then opens the API', async () => {
    const tokenUrl = scheme.flows!.clientCredentials!.tokenUrl;
    const res = await t.app.inject(
      swaggerUiTokenRequest(tokenUrl, creds.clientId, creds.clientSecret),
    );
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ access_token: string; token_type: string }>();
    // Swagger UI keeps the body as the token and sends `Bearer <access_token>`.
    expect(token.token_type).toBe('Bearer');
    const accounts = await t.as(token.access_token, { method: 'GET', url: '/v1/accounts' });
    expect(accounts.statusCode).toBe(200);
  });

  it('shows a wrong secret as invalid_client with its description, without a browser login dialog', async () => {
    const res = await t.app.inject(
      swaggerUiTokenRequest('/v1/oauth/client/token', creds.clientId, 'wrong'),
    );
    // Swagger UI prints `error: <error>, description: <error_description>` from this body.
    expectOAuthError(res, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });
});
