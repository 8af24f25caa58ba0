import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PACED_WRITE_BYTES, PacedBody } from '../../src/lib/paced-body.js';
import { StoredMetadata, sendWithStoredMetadata } from '../../src/lib/stored-metadata.js';
import { entityTag, registerConditionalGet } from '../../src/plugins/conditional-get.js';
import { registerPacedWrites } from '../../src/plugins/paced-writes.js';

// Issue 23 point 6: a list page with its items' stored metadata is built in the serialisation
// step (where a customer's turn is waited for) and, when large, handed on in its parts: tagged
// and written without ever being joined into one string (lib/stored-metadata.ts,
// lib/paced-body.ts).

const Page = Type.Object({
  data: Type.Array(
    Type.Object({ id: Type.String(), metadata: Type.Record(Type.String(), Type.String()) }),
  ),
});

/** `count` items whose stored metadata holds `value` under `k`, each a JSON text as stored. */
function storedItems(count: number, value: string): { id: string; text: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `acc_${i}`,
    text: JSON.stringify({ k: value, n: String(i) }),
  }));
}

type Seen = { step: string; payload: string }[];

async function appWithSteps(): Promise<{ app: FastifyInstance; seen: Seen }> {
  const seen: Seen = [];
  const app = Fastify();
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    seen.push({ step: 'preSerialization', payload: typeof payload });
    return payload;
  });
  app.addHook('onSend', async (_request, _reply, payload) => {
    seen.push({
      step: 'onSend',
      payload: payload instanceof PacedBody ? 'PacedBody' : typeof payload,
    });
    return payload;
  });
  registerConditionalGet(app);
  registerPacedWrites(app);
  for (const [url, count, value] of [
    ['/large', 12, 'é'.repeat(30_000)],
    ['/small', 3, 'small'],
  ] as const) {
    app.get(url, { schema: { response: { 200: Page } } }, (_request, reply) => {
      const stored = new StoredMetadata();
      const page = {
        data: storedItems(count, value).map((item) => ({
          id: item.id,
          metadata: stored.slot(item.text),
        })),
      };
      return sendWithStoredMetadata(reply, page, stored);
    });
  }
  await app.ready();
  return { app, seen };
}

function expectedBody(count: number, value: string): string {
  return JSON.stringify({
    data: storedItems(count, value).map((item) => ({
      id: item.id,
      metadata: JSON.parse(item.text) as unknown,
    })),
  });
}

describe('sendWithStoredMetadata', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('builds a large page after the preSerialization hooks and hands it on in parts', async () => {
    const built = await appWithSteps();
    app = built.app;
    const res = await app.inject({ method: 'GET', url: '/large' });
    const body = expectedBody(12, 'é'.repeat(30_000));
    expect(Buffer.byteLength(body)).toBeGreaterThan(3 * PACED_WRITE_BYTES);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(res.headers.etag).toBe(entityTag(body));
    expect(built.seen).toEqual([
      { step: 'preSerialization', payload: 'object' },
      { step: 'onSend', payload: 'PacedBody' },
    ]);
  });

  it('sends a small page as one text, built in the same step', async () => {
    const built = await appWithSteps();
    app = built.app;
    const res = await app.inject({ method: 'GET', url: '/small' });
    expect(res.body).toBe(expectedBody(3, 'small'));
    expect(res.headers.etag).toBe(entityTag(res.body));
    expect(built.seen).toEqual([
      { step: 'preSerialization', payload: 'object' },
      { step: 'onSend', payload: 'string' },
    ]);
  });

  it('answers 304 to a matching If-None-Match and HEAD with the length, both without a body', async () => {
    ({ app } = await appWithSteps());
    const first = await app.inject({ method: 'GET', url: '/large' });
    const again = await app.inject({
      method: 'GET',
      url: '/large',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    const head = await app.inject({ method: 'HEAD', url: '/large' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });
});
