import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { ALL_SCOPES } from '../../src/lib/scopes.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCredentials } from '../../src/modules/customers/customers.service.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe.each(ENGINES)('token endpoint on %s', (engine) => {
  let creds: IssuedCredentials;

  const t = useTestApp(engine);

  beforeAll(async () => {
    creds = await t.createClient('Token test');
  });

  const jsonToken = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: payload as Record<string, unknown>,
      headers,
    });
  const formToken = (form: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('issues an EdDSA at+jwt for the spec JSON body, with the spec response and no-store', async () => {
    const res = await jsonToken({ clientId: creds.clientId, clientSecret: creds.clientSecret });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      tokenType: 'Bearer',
      expiresIn: 82800,
      // A client without restrictions holds every scope, and its token says so.
      scope: ALL_SCOPES.join(' '),
    });

    const header = decodeProtectedHeader(body.accessToken);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt', kid: t.keys.token.kid });

    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { payload } = await jwtVerify(body.accessToken, createLocalJWKSet(jwks), {
      issuer: 'urn:cofre:sandbox',
      audience: 'urn:cofre:sandbox:api',
      typ: 'at+jwt',
    });
    expect(payload.sub).toBe(creds.customerId);
    expect(payload.client_id).toBe(creds.clientId);
    expect(payload.exp! - payload.iat!).toBe(82800);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.scope).toBe(ALL_SCOPES.join(' '));
  });

  it('publishes only public key material in the JWKS', async () => {
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('accepts the RFC 6749 form with HTTP Basic and answers with the RFC field names', async () => {
    const res = await formToken('grant_type=client_credentials', {
      authorization: basic(creds.clientId, creds.clientSecret),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 82800,
      scope: ALL_SCOPES.join(' '),
    });
  });

  it('accepts the RFC 6749 form with credentials in the body', async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
    });
    const res = await formToken(form.toString());
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    const accounts = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    expect(accounts.statusCode).toBe(200);
  });

  it('refuses credentials sent both in Basic and in the body', async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
    });
    const res = await formToken(form.toString(), {
      authorization: basic(creds.clientId, creds.clientSecret),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_DATA');
  });

  it('refuses other grant types with unsupported_grant_type', async () => {
    const res = await formToken('grant_type=password&username=a&password=b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_GRANT_TYPE',
      error: 'unsupported_grant_type',
    });
  });

  it('lists every missing field of the JSON body', async () => {
    const res = await jsonToken({});
    expect(res.statusCode).toBe(400);
    const pointers = res
      .json()
      .errors.map((e: { pointer: string }) => e.pointer)
      .sort();
    expect(pointers).toEqual(['/clientId', '/clientSecret']);
  });

  it('answers an unknown client and a wrong secret identically (but for the request id)', async () => {
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    const unknown = await jsonToken({
      clientId: 'cli_01AAAAAAAAAAAAAAAAAAAAAAAA',
      clientSecret: creds.clientSecret,
    });
    const wrong = await jsonToken({
      clientId: creds.clientId,
      clientSecret: `${creds.clientSecret}x`,
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(strip(unknown.json())).toEqual(strip(wrong.json()));
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CLIENT', error: 'invalid_client' });
    expect(wrong.headers['cache-control']).toBeUndefined();
  });

  it('sends WWW-Authenticate: Basic when Basic credentials fail', async () => {
    const res = await formToken('grant_type=client_credentials', {
      authorization: basic(creds.clientId, 'nope'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('stores only a hash of the secret', async () => {
    const row = await t.handle.db
      .selectFrom('api_clients')
      .selectAll()
      .where('id', '=', creds.clientId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(creds.clientSecret);
    expect(row.secret_hash).not.toBe(creds.clientSecret);
  });
});
