import SQLite from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCredentials } from '../../src/modules/customers/customers.service.js';
import { BASIC_CHALLENGE } from '../../src/modules/oauth/oauth-error.js';
import { expectOAuthError } from '../helpers/expect-oauth-error.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';
const FORM = 'application/x-www-form-urlencoded';
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe.each(ENGINES)('token endpoint errors in the RFC 6749 shape on %s', (engine) => {
  let creds: IssuedCredentials;
  let nextAddress = 1;
  // Failed attempts count per address: each test fails from addresses of its own.
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  const t = useTestApp(engine, { env: { COFRE_TOKEN_FAILURES_PER_MINUTE: '2' } });

  beforeAll(async () => {
    creds = await t.createClient('OAuth errors');
  });

  const form = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: body,
      headers: { 'content-type': FORM, ...headers },
      remoteAddress: freshAddress(),
    });
  const json = (payload: unknown, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: payload as Record<string, unknown>,
      remoteAddress,
    });
  const credentialsForm = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      ...extra,
    }).toString();

  it('answers a wrong secret in the JSON body with 401 invalid_client, the problem members, and no challenge', async () => {
    const res = await json({ clientId: creds.clientId, clientSecret: 'wrong' });
    const body = expectOAuthError(res, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(Object.keys(body)).toEqual([
      'error',
      'error_description',
      'type',
      'title',
      'status',
      'detail',
      'code',
      'requestId',
    ]);
    expect(body.error_description).toBe('Client authentication failed.');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('answers a wrong secret in the form body with 401 invalid_client', async () => {
    const res = await form(credentialsForm({ client_secret: 'wrong' }));
    expectOAuthError(res, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('answers a wrong secret in HTTP Basic with 401 invalid_client and the Basic challenge', async () => {
    const res = await form('grant_type=client_credentials', {
      authorization: basic(creds.clientId, 'wrong'),
    });
    expectOAuthError(res, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(res.headers['www-authenticate']).toBe(BASIC_CHALLENGE);
  });

  it('answers a form with no client authentication with 401 invalid_client and the Basic challenge', async () => {
    const res = await form('grant_type=client_credentials');
    expectOAuthError(res, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(res.headers['www-authenticate']).toBe(BASIC_CHALLENGE);
    const publicClient = await form(`grant_type=client_credentials&client_id=${creds.clientId}`);
    expectOAuthError(publicClient, 401, 'invalid_client', 'INVALID_CLIENT');
  });

  it('leaves the challenge out for a browser script (X-Requested-With), so no login dialog opens over /docs', async () => {
    const res = await form('grant_type=client_credentials', {
      authorization: basic(creds.clientId, 'wrong'),
      'x-requested-with': 'XMLHttpRequest',
    });
    expectOAuthError(res, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('answers another grant type with 400 unsupported_grant_type', async () => {
    const res = await form('grant_type=password&username=a&password=b');
    expectOAuthError(res, 400, 'unsupported_grant_type', 'UNSUPPORTED_GRANT_TYPE');
  });

  it('answers a form without grant_type with 400 invalid_request naming the parameter', async () => {
    const res = await form(`client_id=${creds.clientId}&client_secret=${creds.clientSecret}`);
    const body = expectOAuthError(res, 400, 'invalid_request', 'INVALID_DATA');
    expect(body.errors).toEqual([expect.objectContaining({ pointer: '/grant_type' })]);
  });

  it.each(['grant_type', 'client_id', 'client_secret'])(
    'answers a repeated %s with 400 invalid_request (RFC 6749 section 3.2)',
    async (name) => {
      const repeated = `${credentialsForm()}&${name}=${new URLSearchParams(credentialsForm()).get(name)}`;
      const res = await form(repeated);
      const body = expectOAuthError(res, 400, 'invalid_request', 'INVALID_DATA');
      expect(body.errors).toEqual([expect.objectContaining({ pointer: `/${name}` })]);
    },
  );

  it('answers credentials in both HTTP Basic and the body with 400 invalid_request', async () => {
    const res = await form(credentialsForm(), {
      authorization: basic(creds.clientId, creds.clientSecret),
    });
    expectOAuthError(res, 400, 'invalid_request', 'INVALID_DATA');
  });

  it('accepts HTTP Basic with the same client_id repeated in the body (not a second method)', async () => {
    const res = await form(`grant_type=client_credentials&client_id=${creds.clientId}`, {
      authorization: basic(creds.clientId, creds.clientSecret),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers an unknown scope with 400 invalid_scope, and takes an empty one as none', async () => {
    const res = await form(credentialsForm({ scope: 'payments:write' }));
    const body = expectOAuthError(res, 400, 'invalid_scope', 'INVALID_SCOPE');
    expect(body.errors).toEqual([
      expect.objectContaining({ pointer: '/scope', code: 'INVALID_SCOPE' }),
    ]);
    expect((await form(credentialsForm({ scope: '' }))).statusCode).toBe(200);
  });

  it('answers malformed JSON, an empty body and a missing JSON field with 400 invalid_request', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: '{"clientId":',
      headers: { 'content-type': 'application/json' },
    });
    expectOAuthError(malformed, 400, 'invalid_request', 'MALFORMED_JSON');
    const empty = await t.app.inject({ method: 'POST', url: TOKEN_URL });
    expectOAuthError(empty, 400, 'invalid_request', 'INVALID_DATA');
    const missing = await json({ clientId: creds.clientId });
    const body = expectOAuthError(missing, 400, 'invalid_request', 'INVALID_DATA');
    expect(body.errors).toEqual([expect.objectContaining({ pointer: '/clientSecret' })]);
  });

  it('answers another content type with 415 and an over-long form with 413, both invalid_request', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expectOAuthError(text, 415, 'invalid_request', 'UNSUPPORTED_MEDIA_TYPE');
    const long = await form(credentialsForm({ padding: 'x'.repeat(10_000) }));
    expectOAuthError(long, 413, 'invalid_request', 'PAYLOAD_TOO_LARGE');
  });

  it('keeps error_description to the RFC characters whatever the request quoted', async () => {
    const res = await json({
      clientId: creds.clientId,
      clientSecret: creds.clientSecret,
      'naïve "quoted" \\ field with a name long enough to be clipped with an ellipsis': 1,
    });
    const body = expectOAuthError(res, 400, 'invalid_request', 'INVALID_DATA');
    // The problem detail keeps the text as it was; only the OAuth member is restricted.
    expect(body.detail).toContain('naïve "quoted"');
    expect(body.error_description).toContain("na?ve 'quoted' /");
  });

  it('answers past the failure limit with 429 temporarily_unavailable and Retry-After', async () => {
    const address = freshAddress();
    for (let i = 0; i < 2; i++) {
      expect(
        (await json({ clientId: creds.clientId, clientSecret: 'x' }, address)).statusCode,
      ).toBe(401);
    }
    const res = await json({ clientId: creds.clientId, clientSecret: 'x' }, address);
    expectOAuthError(res, 429, 'temporarily_unavailable', 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves every other route on problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/accounts' });
    expectProblem(res, 401, 'INVALID_ACCESS_TOKEN');
    expect(res.json()).not.toHaveProperty('error_description');
  });
});

/**
 * The database unable to answer the token request (its failure counter is written first): the
 * limiter's table held by another connection past the engine's deadline.
 */
describe.each(ENGINES)('token endpoint while the database is unavailable on %s', (engine) => {
  let creds: IssuedCredentials;
  let hold: () => Promise<() => Promise<void>>;

  const t = useTestApp(engine, {
    env: { COFRE_DATABASE_BUSY_TIMEOUT_MS: '50', COFRE_DATABASE_STATEMENT_TIMEOUT_MS: '300' },
  });

  beforeAll(async () => {
    creds = await t.createClient('Outage');
    hold = async () => {
      if (engine === 'sqlite') {
        const other = new SQLite(t.database.url);
        other.exec('BEGIN IMMEDIATE');
        return async () => {
          other.exec('ROLLBACK');
          other.close();
        };
      }
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      await other.query('BEGIN');
      await other.query('LOCK TABLE auth_failures IN ACCESS EXCLUSIVE MODE');
      return async () => {
        await other.query('ROLLBACK');
        await other.end();
      };
    };
  });

  it('answers 503 temporarily_unavailable with Retry-After, and a token once the database is back', async () => {
    const payload = { clientId: creds.clientId, clientSecret: creds.clientSecret };
    const release = await hold();
    try {
      const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, payload });
      expectOAuthError(res, 503, 'temporarily_unavailable', 'DATABASE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).not.toMatch(/SQLITE|locked|57014|statement timeout/i);
    } finally {
      await release();
    }
    const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, payload });
    expect(res.statusCode, res.body).toBe(200);
  });

  // Last: the app refuses everything from here on.
  it('answers 503 temporarily_unavailable while the server shuts down', async () => {
    void t.app.drain.begin();
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { clientId: creds.clientId, clientSecret: creds.clientSecret },
    });
    expectOAuthError(res, 503, 'temporarily_unavailable', 'SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('1');
  });
});
