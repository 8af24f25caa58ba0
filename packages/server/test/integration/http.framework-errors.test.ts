import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { createTestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/** Writes `request` on a fresh connection and returns everything the server sends before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function parseRaw(text: string): RawResponse {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: JSON.parse(body) as Record<string, unknown>,
  };
}

describe.each(ENGINES)("Fastify's own errors on %s", (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    ({ token } = await t.customer('Framework errors'));
  });

  it.each([
    ['/v1/accounts/%ZZ', true],
    ['/v1/accounts/%E0%A4%A', true],
    ['/v1/subscriptions/%ZZ/executionLogs', true],
    ['/v1/oauth/client/%ZZ', false],
  ])(
    'answers the bad percent-encoding in %s with 400 MALFORMED_REQUEST and a request id',
    async (url, authed) => {
      const options = { method: 'GET' as const, url };
      const res = authed ? await t.as(token, options) : await t.app.inject(options);
      const problem = expectProblem(res, 400, 'MALFORMED_REQUEST');
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expect(problem.detail).not.toContain('%ZZ');
    },
  );

  it('keeps the caller-supplied X-Request-Id on an error found before routing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/accounts/%ZZ',
      headers: { 'x-request-id': 'trace-bad-url-1' },
    });
    expectProblem(res, 400, 'MALFORMED_REQUEST');
    expect(res.headers['x-request-id']).toBe('trace-bad-url-1');
  });

  it.each(['/v1/accounts/', '/v1/subscriptions/', '/v1/subscriptions/sub_x/executionLogs/'])(
    'answers an over-long path parameter after %s with 414 URI_TOO_LONG, without echoing it',
    async (prefix) => {
      const long = 'a'.repeat(500);
      const res = await t.as(token, { method: 'GET', url: `${prefix}${long}` });
      const problem = expectProblem(res, 414, 'URI_TOO_LONG');
      expect(res.body).not.toContain(long.slice(0, 100));
      expect(problem.requestId).toBe(res.headers['x-request-id']);
    },
  );

  it('answers a path parameter of 65 to 100 characters with 400 INVALID_DATA (the schema limit)', async () => {
    const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${'a'.repeat(80)}` });
    expectProblem(res, 400, 'INVALID_DATA');
  });

  describe('on a real connection', () => {
    let port: number;

    beforeAll(async () => {
      // A second app on the same database: this one listens.
      const listening = await createTestApp(engine, { database: t.database });
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      port = (listening.app.server.address() as AddressInfo).port;
      closeListening = () => listening.close();
    });
    let closeListening: () => Promise<void> = () => Promise.resolve();
    afterAll(() => closeListening());

    it('answers an unparseable HTTP message with a 400 MALFORMED_REQUEST problem and closes', async () => {
      const res = parseRaw(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.headers.connection).toBe('close');
      expect(res.headers['x-request-id']).toMatch(/^req_/);
      expect(res.body).toMatchObject({
        type: 'urn:cofre:problem:malformed-request',
        status: 400,
        code: 'MALFORMED_REQUEST',
        requestId: res.headers['x-request-id'],
      });
    });

    it('answers headers over the limit with a 431 HEADERS_TOO_LARGE problem', async () => {
      const request = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      const res = parseRaw(await rawExchange(port, request));
      expect(res.status).toBe(431);
      expect(res.body).toMatchObject({ code: 'HEADERS_TOO_LARGE', status: 431 });
      expect(res.headers['x-request-id']).toBe(res.body.requestId);
    });

    it('answers an HTTP/1.1 request without Host with a 400 MALFORMED_REQUEST problem', async () => {
      const res = parseRaw(
        await rawExchange(port, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'),
      );
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.body).toMatchObject({ code: 'MALFORMED_REQUEST' });
      expect(res.headers['x-request-id']).toBe(res.body.requestId);
    });

    it('serves a request whose Expect it does not know instead of a bare 417', async () => {
      const res = parseRaw(
        await rawExchange(
          port,
          'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
        ),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('answers a bad percent-encoding on the wire like inject does', async () => {
      const raw = await rawExchange(
        port,
        'GET /v1/accounts/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      const res = parseRaw(raw);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'MALFORMED_REQUEST' });
      expect(res.headers['x-request-id']).toBe(res.body.requestId);
    });
  });
});
