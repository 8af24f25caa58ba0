import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(ENGINES)('requests that arrive while closing on %s', (engine) => {
  let t: TestApp;
  // A second HTTP server in front of the app's router: it keeps accepting after app.close(),
  // as a pipelined request on a busy keep-alive connection reaches the router of a closing app.
  let front: Server;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    front = createServer((req, res) => t.app.routing(req, res));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    port = (front.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => front.close(resolve));
    await t.close();
  });

  it('are answered 503 SERVICE_UNAVAILABLE as a problem with a request id and Connection: close', async () => {
    expect((await get(port, '/healthz')).status).toBe(200);
    await t.app.close();
    const res = await get(port, '/healthz');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers.connection).toBe('close');
    expect(res.headers['retry-after']).toBe('1');
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'urn:cofre:problem:service-unavailable',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      requestId: res.headers['x-request-id'],
    });
  });
});
