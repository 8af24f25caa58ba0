import { decodeJwt } from 'jose';
import { ALL_SCOPES } from '../../src/lib/scopes.js';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const METADATA = '/.well-known/oauth-authorization-server';

interface Metadata {
  issuer: string;
  token_endpoint: string;
  jwks_uri: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  response_types_supported: string[];
  scopes_supported: string[];
  service_documentation: string;
}

const issuedBy = async (t: TestApp) => decodeJwt(await t.token(await t.createClient())).iss;

describe.each(ENGINES)('RFC 8414 metadata on %s', (engine) => {
  describe('with COFRE_PUBLIC_URL', () => {
    const t = useTestApp(engine, { env: { COFRE_PUBLIC_URL: 'https://api.example.com/' } });

    it('names the public URL as issuer, equal to the tokens’ iss, and builds every URL from it', async () => {
      const res = await t.app.inject({ method: 'GET', url: METADATA });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.json()).toEqual({
        issuer: 'https://api.example.com',
        token_endpoint: 'https://api.example.com/v1/oauth/client/token',
        jwks_uri: 'https://api.example.com/.well-known/jwks.json',
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        response_types_supported: [],
        scopes_supported: [...ALL_SCOPES],
        service_documentation: 'https://api.example.com/docs',
      } satisfies Metadata);
      expect(await issuedBy(t)).toBe('https://api.example.com');
    });

    it('does not take its URLs from the Host header', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: METADATA,
        headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      });
      expect(res.body).not.toContain('attacker');
    });

    it('is not an OpenID provider: /.well-known/openid-configuration is a 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('with nothing configured', () => {
    const t = useTestApp(engine);

    it('keeps the URN issuer of the tokens and points at the address the request arrived on, uncached', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: METADATA,
        headers: { host: 'attacker.example' },
      });
      const body = res.json<Metadata>();
      expect(body.issuer).toBe('urn:cofre:sandbox');
      expect(await issuedBy(t)).toBe(body.issuer);
      // inject() has no socket address: the configured HOST and PORT stand in for it.
      expect(body.token_endpoint).toBe('http://127.0.0.1:8080/v1/oauth/client/token');
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('with an issuer URL that has a path', () => {
    const t = useTestApp(engine, {
      env: { COFRE_TOKEN_ISSUER: 'https://auth.example.com/cofre' },
    });

    it('serves the metadata where RFC 8414 section 3.1 puts it for that issuer, too', async () => {
      for (const url of [METADATA, `${METADATA}/cofre`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.json<Metadata>()).toMatchObject({
          issuer: 'https://auth.example.com/cofre',
          token_endpoint: 'https://auth.example.com/cofre/v1/oauth/client/token',
        });
      }
    });
  });
});
