import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCredentials } from '../../src/modules/customers/customers.service.js';
import { freePort } from '../helpers/global-setup.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const METADATA = '/.well-known/oauth-authorization-server';

/**
 * The stock `openid-client` (v6, panva) against cofre listening on a real 127.0.0.1 port, used as
 * its documentation says for an OAuth 2.0 server: discovery with `algorithm: 'oauth2'` (RFC 8414),
 * then the client-credentials grant. Plain http is allowed with its documented
 * `allowInsecureRequests`, as for any local server.
 */
describe.each(ENGINES)('openid-client against cofre on %s', (engine) => {
  describe('discovering from COFRE_PUBLIC_URL (the issuer)', () => {
    let t: TestApp;
    let base: string;
    let creds: IssuedCredentials;

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      t = await createTestApp(engine, { env: { COFRE_PUBLIC_URL: base } });
      await t.app.listen({ host: '127.0.0.1', port });
      creds = await t.createClient('openid-client user');
    });
    afterAll(() => t.close());

    const discover = (secret: string, auth: (secret: string) => client.ClientAuth) =>
      client.discovery(new URL(base), creds.clientId, undefined, auth(secret), {
        // RFC 8414 metadata rather than OpenID Connect's (cofre issues no ID tokens).
        algorithm: 'oauth2',
        execute: [client.allowInsecureRequests],
      });

    it.each([
      ['client_secret_basic', client.ClientSecretBasic],
      ['client_secret_post', client.ClientSecretPost],
    ] as const)('gets a token with %s that the API accepts', async (_method, auth) => {
      const config = await discover(creds.clientSecret, auth);
      expect(config.serverMetadata().issuer).toBe(base);
      const token = await client.clientCredentialsGrant(config);
      expect(token.token_type.toLowerCase()).toBe('bearer');
      expect(token.expires_in).toBe(82800);
      const res = await client.fetchProtectedResource(
        config,
        token.access_token,
        new URL(`${base}/v1/accounts`),
        'GET',
      );
      expect(res.status).toBe(200);
    });

    it('asks for fewer scopes, and reads the 403 of a request outside them as the RFC 6750 challenge', async () => {
      const config = await discover(creds.clientSecret, client.ClientSecretBasic);
      const token = await client.clientCredentialsGrant(config, { scope: 'accounts:read' });
      expect(token.scope).toBe('accounts:read');
      const read = await client.fetchProtectedResource(
        config,
        token.access_token,
        new URL(`${base}/v1/accounts`),
        'GET',
      );
      expect(read.status).toBe(200);
      const write = await client
        .fetchProtectedResource(config, token.access_token, new URL(`${base}/v1/operations`), 'GET')
        .catch((e: unknown) => e);
      // openid-client turns a Bearer challenge into an error naming its parameters.
      expect(write).toBeInstanceOf(client.WWWAuthenticateChallengeError);
      expect((write as client.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
        scheme: 'bearer',
        parameters: { error: 'insufficient_scope', scope: 'operations:read' },
      });
      const refused = await client
        .clientCredentialsGrant(config, { scope: 'payments:write' })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ error: 'invalid_scope', status: 400 });
    });

    it('reads a wrong secret sent in the body as a ResponseBodyError with error invalid_client', async () => {
      const config = await discover('wrong', client.ClientSecretPost);
      const error = await client.clientCredentialsGrant(config).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(client.ResponseBodyError);
      expect(error).toMatchObject({
        error: 'invalid_client',
        error_description: 'Client authentication failed.',
        status: 401,
      });
    });

    it('reads a wrong secret sent in HTTP Basic as the Basic challenge naming invalid_client, with the error body behind it', async () => {
      const config = await discover('wrong', client.ClientSecretBasic);
      const error = await client.clientCredentialsGrant(config).catch((e: unknown) => e);
      // RFC 6749 section 5.2 answers Basic with WWW-Authenticate; openid-client stops there.
      expect(error).toBeInstanceOf(client.WWWAuthenticateChallengeError);
      const challenge = error as client.WWWAuthenticateChallengeError;
      expect(challenge.status).toBe(401);
      expect(challenge.cause).toEqual([
        expect.objectContaining({
          scheme: 'basic',
          parameters: expect.objectContaining({ realm: 'cofre', error: 'invalid_client' }),
        }),
      ]);
      expect(await challenge.response.json()).toMatchObject({
        error: 'invalid_client',
        code: 'INVALID_CLIENT',
      });
    });
  });

  describe('discovering from the metadata URL, with nothing configured', () => {
    let base: string;
    let creds: IssuedCredentials;

    const t = useTestApp(engine);

    beforeAll(async () => {
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      creds = await t.createClient('openid-client user');
    });

    it('finds the token endpoint on the address it connected to and gets a token', async () => {
      // The issuer is the URN `urn:cofre:sandbox`: openid-client takes a URL naming the
      // metadata itself as it is, without comparing the issuer with it.
      const config = await client.discovery(
        new URL(`${base}${METADATA}`),
        creds.clientId,
        creds.clientSecret,
        undefined,
        { execute: [client.allowInsecureRequests] },
      );
      expect(config.serverMetadata().token_endpoint).toBe(`${base}/v1/oauth/client/token`);
      const token = await client.clientCredentialsGrant(config);
      const res = await client.fetchProtectedResource(
        config,
        token.access_token,
        new URL(`${base}/v1/accounts`),
        'GET',
      );
      expect(res.status).toBe(200);
    });
  });
});
