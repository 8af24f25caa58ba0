import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { entityTag, registerConditionalGet } from '../../src/plugins/conditional-get.js';
import { PACED_WRITE_BYTES, PacedBody } from '../../src/lib/paced-body.js';
import { registerPacedWrites } from '../../src/plugins/paced-writes.js';

// Issue 23 point 6: a large response body is written a piece per turn of the event loop, so a
// heavy page is not one long write that every other request waits behind (plugins/paced-writes.ts).

const LARGE = `{"data":"${'é'.repeat(2.5 * PACED_WRITE_BYTES)}"}`; // 320 KiB of UTF-8: three pieces
const SMALL = `{"data":"${'a'.repeat(1_000)}"}`;

/** Every write and end of each response, in the order they happened, with the byte counts. */
type Event = { url: string; kind: 'write' | 'end'; bytes: number };

async function appWithLog(): Promise<{ app: FastifyInstance; events: Event[] }> {
  const events: Event[] = [];
  const app = Fastify();
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    const end = raw.end.bind(raw) as (...args: unknown[]) => typeof raw;
    const size = (chunk: unknown) =>
      typeof chunk === 'string' || Buffer.isBuffer(chunk) ? Buffer.byteLength(chunk) : 0;
    // inject's end() writes its last chunk through write(): counted once, as the end.
    let ending = false;
    raw.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!ending) events.push({ url: request.url, kind: 'write', bytes: size(chunk) });
      return write(chunk, ...rest);
    }) as typeof raw.write;
    raw.end = ((chunk?: unknown, ...rest: unknown[]) => {
      events.push({ url: request.url, kind: 'end', bytes: size(chunk) });
      ending = true;
      return end(chunk, ...rest);
    }) as typeof raw.end;
  });
  registerConditionalGet(app);
  registerPacedWrites(app);
  for (const [url, body] of [
    ['/large', LARGE],
    ['/small', SMALL],
  ] as const) {
    app.get(url, async (_request, reply) => reply.type('application/json').send(body));
  }
  await app.ready();
  return { app, events };
}

describe('paced writes', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('writes a large body in pieces, and answers another request before its last piece', async () => {
    const logged = await appWithLog();
    app = logged.app;
    const [large, small] = await Promise.all([
      app.inject({ method: 'GET', url: '/large' }),
      app.inject({ method: 'GET', url: '/small' }),
    ]);

    // The same bytes, announced by their length (no chunked coding), tagged over the whole body.
    expect(large.statusCode).toBe(200);
    expect(large.body).toBe(LARGE);
    expect(large.headers['content-length']).toBe(String(Buffer.byteLength(LARGE)));
    expect(large.headers['transfer-encoding']).toBeUndefined();
    expect(large.headers.etag).toBe(entityTag(LARGE));
    expect(small.body).toBe(SMALL);

    const pieces = logged.events.filter((e) => e.url === '/large' && e.bytes > 0);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    for (const piece of pieces) expect(piece.bytes).toBeLessThanOrEqual(3 * PACED_WRITE_BYTES);
    expect(pieces.reduce((sum, p) => sum + p.bytes, 0)).toBe(Buffer.byteLength(LARGE));
    // The small response ended before the large one's last piece was written.
    const smallEnd = logged.events.findIndex((e) => e.url === '/small' && e.kind === 'end');
    const lastPiece = logged.events.lastIndexOf(pieces.at(-1)!);
    expect(smallEnd).toBeGreaterThanOrEqual(0);
    expect(smallEnd).toBeLessThan(lastPiece);
  });

  it('leaves a body of one piece, a HEAD and a 304 as they are', async () => {
    const logged = await appWithLog();
    app = logged.app;
    const small = await app.inject({ method: 'GET', url: '/small' });
    expect(small.body).toBe(SMALL);
    expect(logged.events.filter((e) => e.url === '/small')).toEqual([
      { url: '/small', kind: 'end', bytes: Buffer.byteLength(SMALL) },
    ]);

    const head = await app.inject({ method: 'HEAD', url: '/large' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(LARGE)));

    const first = await app.inject({ method: 'GET', url: '/large' });
    const again = await app.inject({
      method: 'GET',
      url: '/large',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('PacedBody', () => {
  async function pieces(body: string | Buffer | readonly string[], piece: number) {
    const out: Buffer[] = [];
    const turns: number[] = [];
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    for await (const chunk of new PacedBody(body, piece)) {
      expect(Buffer.isBuffer(chunk)).toBe(true);
      out.push(chunk as Buffer);
      turns.push(turn);
    }
    ticking = false;
    return { out, turns, text: Buffer.concat(out).toString() };
  }

  /** Each piece holds whole characters: decoded and encoded again, it is the same bytes. */
  const wholeCharacters = (out: readonly Buffer[]) =>
    out.every((piece) => Buffer.from(piece.toString()).equals(piece));

  it('gives the body back whole, a piece per turn', async () => {
    const body = 'abcdefghij'.repeat(10);
    const { out, turns } = await pieces(body, 30);
    expect(out.map(String)).toEqual([
      body.slice(0, 30),
      body.slice(30, 60),
      body.slice(60, 90),
      body.slice(90),
    ]);
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);

    const bytes = Buffer.from(body);
    const { out: parts } = await pieces(bytes, 40);
    expect(Buffer.concat(parts)).toEqual(bytes);
    expect(parts.map((p) => p.length)).toEqual([40, 40, 20]);
    // A Buffer body's pieces are views of it, not copies.
    expect(parts.every((p) => p.buffer === bytes.buffer)).toBe(true);
  });

  it('cuts text by its UTF-8 bytes, between the halves of no surrogate pair', async () => {
    const body = `ab${'😀'.repeat(5)}`; // a pair at units 2-3, 4-5, …
    const { out, text } = await pieces(body, 3);
    expect(text).toBe(body);
    expect(wholeCharacters(out)).toBe(true);
    // A piece carries at least one character, even one of 4 bytes in pieces of 3.
    expect(out.map((p) => p.length)).toEqual([2, 4, 4, 4, 4, 4]);

    const accented = 'é'.repeat(100); // 2 bytes each
    const cut = await pieces(accented, 31);
    expect(cut.text).toBe(accented);
    expect(wholeCharacters(cut.out)).toBe(true);
    expect(cut.out.map((p) => p.length)).toEqual([30, 30, 30, 30, 30, 30, 20]);
  });

  it('gives a body in parts back a piece per turn, joining small parts and cutting large ones', async () => {
    const parts = ['{"a":', 'x'.repeat(25), ',"b":', 'y'.repeat(70), '', '}'];
    const { out, turns, text } = await pieces(parts, 30);
    expect(text).toBe(parts.join(''));
    expect(out.map((piece) => piece.length)).toEqual([30, 30, 30, 16]);
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);
    expect(new PacedBody(parts, 30).byteLength()).toBe(Buffer.byteLength(parts.join('')));
  });

  it('cuts a body in parts between the halves of no surrogate pair, and writes a lone half as Node does', async () => {
    const parts = ['a', '😀😀', 'b😀', '😀c', '\uD800', 'ü', '\uDC00'];
    const joined = parts.join('');
    for (const piece of [1, 2, 3, 4, 5, 64]) {
      const { out } = await pieces(parts, piece);
      expect(Buffer.concat(out).equals(Buffer.from(joined))).toBe(true);
      expect(wholeCharacters(out)).toBe(true);
      for (const p of out) expect(p.length).toBeLessThanOrEqual(Math.max(piece, 4));
    }
    expect(new PacedBody(parts).byteLength()).toBe(Buffer.byteLength(joined));
  });

  it('ends an empty body at once, and one of empty texts', async () => {
    expect((await pieces([], 30)).out).toEqual([]);
    expect((await pieces(['', ''], 30)).out).toEqual([]);
    expect((await pieces('', 30)).out).toEqual([]);
  });
});
