import Fastify from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createExpressWebhookHandler,
  createMemoryStore,
  createNodeWebhookHandler,
  createWebhookReceiver,
  fastifyWebhookRoute,
  generateWebhookSecret,
  signTestWebhook,
  type WebhookEvent,
} from '../src/webhooks/index.js';

const SECRET = generateWebhookSecret();
const event = {
  id: 'evt_1',
  type: 'OPERATION_COMPLETED',
  resource: 'OPERATION',
  atTime: '2026-11-22T08:56:33.000Z',
  data: { id: 'op_1' },
};

function receiverRecording() {
  const seen: WebhookEvent[] = [];
  const receiver = createWebhookReceiver({
    secret: SECRET,
    store: createMemoryStore(),
    respond: 'after-handler',
    handler: (e) => {
      seen.push(e);
    },
  });
  return { receiver, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, signed: { body: string; headers: Record<string, string> }) =>
  fetch(url, { method: 'POST', body: signed.body, headers: signed.headers });

describe('the receiver adapters', () => {
  it('node:http: verifies the raw body, runs the handler, deduplicates, and refuses other methods', async () => {
    const { receiver, seen } = receiverRecording();
    const url = await listen(createNodeWebhookHandler(receiver));
    const signed = signTestWebhook({ secret: SECRET, payload: event, format: 'standard-webhooks' });
    const first = await post(url, signed);
    expect([first.status, await first.json()]).toEqual([200, { status: 'processed' }]);
    expect(await (await post(url, signed)).json()).toEqual({ status: 'duplicate' });
    expect(seen).toEqual([event]);
    const get = await fetch(url);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const forged = await post(url, { ...signed, body: signed.body.replace('op_1', 'op_2') });
    expect([forged.status, await forged.json()]).toEqual([400, { error: 'NO_MATCHING_SIGNATURE' }]);
  });

  it('node:http: answers 413 to a body over the limit', async () => {
    const { receiver } = receiverRecording();
    const url = await listen(createNodeWebhookHandler(receiver, { maxBodyBytes: 100 }));
    const signed = signTestWebhook({
      secret: SECRET,
      payload: { ...event, data: { pad: 'x'.repeat(200) } },
    });
    expect((await post(url, signed)).status).toBe(413);
  });

  it('Express: reads the stream, or a raw Buffer left by express.raw(), and refuses a parsed body', async () => {
    const { receiver, seen } = receiverRecording();
    const handler = createExpressWebhookHandler(receiver);
    const errors: unknown[] = [];
    // Stand-ins for express.raw() and express.json() in front of the handler.
    const url = await listen((req, res) => {
      const next = (error?: unknown) => {
        errors.push(error);
        res.writeHead(500).end();
      };
      if (req.url === '/stream') return handler(req, res, next);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body: unknown = req.url === '/raw' ? raw : JSON.parse(raw.toString('utf8'));
        handler(Object.assign(req, { body }), res, next);
      });
    });
    const one = signTestWebhook({ secret: SECRET, payload: event, messageId: 'msg_a' });
    const two = signTestWebhook({ secret: SECRET, payload: event, messageId: 'msg_b' });
    expect((await post(`${url}/stream`, one)).status).toBe(200);
    expect((await post(`${url}/raw`, two)).status).toBe(200);
    expect(seen).toHaveLength(2);
    const parsed = signTestWebhook({ secret: SECRET, payload: event, messageId: 'msg_c' });
    expect((await post(`${url}/json`, parsed)).status).toBe(500);
    expect(String(errors[0])).toContain('before express.json()');
  });

  it('Fastify: the route plugin keeps raw bytes in its own scope while the app parses JSON elsewhere', async () => {
    const { receiver, seen } = receiverRecording();
    const app = Fastify();
    await app.register(fastifyWebhookRoute(receiver, { path: '/webhooks' }));
    app.post('/echo', async (request) => request.body);
    try {
      const signed = signTestWebhook({
        secret: SECRET,
        payload: event,
        format: 'standard-webhooks',
      });
      const first = await app.inject({
        method: 'POST',
        url: '/webhooks',
        payload: signed.body,
        headers: signed.headers,
      });
      expect([first.statusCode, first.json()]).toEqual([200, { status: 'processed' }]);
      const again = await app.inject({
        method: 'POST',
        url: '/webhooks',
        payload: signed.body,
        headers: signed.headers,
      });
      expect(again.json()).toEqual({ status: 'duplicate' });
      const echo = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
      expect(echo.json()).toEqual({ a: 1 });
      expect(seen).toEqual([event]);
    } finally {
      await app.close();
    }
  });
});
