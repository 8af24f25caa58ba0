import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// PostgreSQL text cannot hold U+0000: before this check such input reached a query and failed
// it (a 500), while SQLite stored it. Every route now refuses it the same way, before validation.
describe.each(ENGINES)('a NUL character in a request on %s', (engine) => {
  let token: string;
  const t = useTestApp(engine);

  beforeAll(async () => {
    ({ token } = await t.customer());
  });

  it('is refused in a JSON body with a pointer to the field, and nothing is created', async () => {
    const response = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', name: 'a\u0000b' },
    });
    const problem = expectProblem(response, 400, 'INVALID_DATA');
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/name', in: 'body', code: 'INVALID_CHARACTER' }),
    ]);
    const list = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    expect(list.json<{ data: unknown[] }>().data).toHaveLength(0);
  });

  it('is refused in a query string and in a path parameter', async () => {
    for (const url of [
      '/v1/beneficiaries?taxId=a%00b',
      '/v1/operations?accountId=acc_%00',
      '/v1/accounts/acc_%00x',
      '/v1/operations/op_a%00b',
    ]) {
      const response = await t.as(token, { method: 'GET', url });
      const problem = expectProblem(response, 400, 'INVALID_DATA');
      expect(problem.errors?.[0]?.code, url).toBe('INVALID_CHARACTER');
    }
  });

  it('is refused on the unauthenticated token endpoint too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: 'cli_\u0000', clientSecret: 'x' },
    });
    expectProblem(response, 400, 'INVALID_DATA');
  });

  // RFC 6749 section 2.3.1 percent-decodes Basic credentials, so `%00` becomes a NUL that no
  // schema saw: the client look-up failed on PostgreSQL (a 500) while SQLite answered 401.
  it('is refused in HTTP Basic credentials, raw or percent-encoded, naming the header', async () => {
    for (const credentials of ['cli_a%00b:secret', 'cli_a\u0000b:secret', 'cli_a:se%00cret']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/client/token',
        headers: {
          authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
      });
      expect(response.statusCode, `${credentials}: ${response.body}`).toBe(400);
      expect(response.json(), credentials).toMatchObject({
        error: 'invalid_request',
        code: 'INVALID_DATA',
        errors: [{ pointer: '/Authorization', in: 'header', code: 'INVALID_CHARACTER' }],
      });
    }
  });
});

// A JSON `"\ud800"` escape makes a lone UTF-16 surrogate, which PostgreSQL stores as U+FFFD: the
// token endpoint's failure counter then found no row for the key it wrote (a 500, found by the
// fuzz suite with seed -1669150871). Refused like NUL, everywhere, before validation.
describe.each(ENGINES)('an unpaired surrogate in a request on %s', (engine) => {
  let token: string;
  const t = useTestApp(engine);

  beforeAll(async () => {
    ({ token } = await t.customer());
  });

  it('is refused on the token endpoint, in a body field and in a key, and a pair is fine', async () => {
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"clientId":"\\ud800","clientSecret":" "}',
    });
    const problem = expectProblem(tokenRes, 400, 'INVALID_DATA');
    expect(problem.errors?.[0]).toMatchObject({ pointer: '/clientId', code: 'INVALID_CHARACTER' });

    const trailing = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"CHECKING","name":"caf\\udc00"}',
    });
    expect(expectProblem(trailing, 400, 'INVALID_DATA').errors?.[0]?.pointer).toBe('/name');

    const paired = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"CHECKING","name":"Loja \\ud83d\\ude00"}',
    });
    expect(paired.statusCode, paired.body).toBe(201);
    expect(paired.json<{ name: string }>().name).toBe('Loja 😀');
  });
});
