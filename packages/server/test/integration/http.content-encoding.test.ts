import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';

describe.each(ENGINES)('Content-Encoding on %s', (engine) => {
  let token: string;
  let credentials: { clientId: string; clientSecret: string };

  const t = useTestApp(engine);

  beforeAll(async () => {
    const customer = await t.customer('Encodings');
    token = customer.token;
    credentials = { clientId: customer.clientId, clientSecret: customer.clientSecret };
  });

  it.each(['gzip', 'br', 'deflate', 'x-nonsense', 'GZIP', 'identity, gzip'])(
    'refuses a JSON body with Content-Encoding %s with 415 and Accept-Encoding: identity',
    async (encoding) => {
      // The body is plain JSON that would succeed without the header: it must not be read.
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload: JSON.stringify(credentials),
      });
      const problem = expectProblem(res, 415, 'UNSUPPORTED_CONTENT_ENCODING');
      expect(res.headers['accept-encoding']).toBe('identity');
      expect(problem.detail).toMatch(/not supported/);
    },
  );

  it('refuses a gzip body on an authenticated route, and creates nothing', async () => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ type: 'CHECKING' })),
    });
    expectProblem(res, 415, 'UNSUPPORTED_CONTENT_ENCODING');
    const list = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it.each(['identity', 'Identity', ' identity '])(
    'accepts Content-Encoding %j: the body is read as sent',
    async (encoding) => {
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload: JSON.stringify(credentials),
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  );
});
