import { request } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { ALL_SCOPES } from '../../src/lib/scopes.js';
import { requires } from '../../src/plugins/route-scope.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FairSlots } from '../../src/lib/fair-slots.js';
import { addAuthHook } from '../../src/plugins/auth.js';
import type { AuthContext, BearerVerifier } from '../../src/plugins/auth-context.js';
import { registerCustomerConcurrency } from '../../src/plugins/customer-concurrency.js';
import { registerErrorHandling } from '../../src/plugins/errors.js';

/** The bearer token is the customer id: enough for a hook that only reads `auth.customerId`. */
const verifier: BearerVerifier = {
  verify: (token): Promise<AuthContext> =>
    Promise.resolve({
      customerId: token,
      clientId: `cli_${token}`,
      secretVersion: 1,
      expiresAt: 0,
      scopes: new Set(ALL_SCOPES),
    }),
};

/** A gate the test opens: requests to /slow wait on it inside their handler. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('requests of one customer in turn', () => {
  let app: FastifyInstance;
  // The body /streamed answers with.
  let streamed = new PassThrough();
  // Responses /held has taken over so far.
  let taken = 0;
  // Whose responses were built, in order (an onSend hook, after serialization).
  let built: string[] = [];
  // Requests inside /slow's handler so far.
  let entered = 0;
  afterEach(() => app.close());

  async function build(slots: FairSlots, slow: Promise<void>) {
    app = Fastify();
    registerErrorHandling(app);
    addAuthHook(app, { verifier, limiter: undefined });
    registerCustomerConcurrency(app, slots);
    app.addHook('onSend', async (request, _reply, payload) => {
      built.push(request.auth.customerId);
      return payload;
    });
    app.get('/slow', { schema: requires('accounts:read') }, async () => {
      entered++;
      await slow;
      return { done: true };
    });
    app.get('/fast', { schema: requires('accounts:read') }, () => ({ done: true }));
    // Returns at once a body the test writes later: the response outlives the handler.
    app.get('/streamed', { schema: requires('accounts:read') }, async (_request, reply) => {
      void reply.type('text/plain');
      return streamed;
    });
    app.get('/fails', { schema: requires('accounts:read') }, () => {
      throw new Error('boom');
    });
    // Takes the response over (as a listen stream does) and writes it once the gate opens.
    app.get('/held', { schema: requires('accounts:read') }, async (_request, reply) => {
      reply.hijack();
      taken++;
      await slow;
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.end('done');
    });
    await app.ready();
  }
  const as = (customer: string, url: string) =>
    app.inject({ url, headers: { authorization: `Bearer ${customer}` } });

  it("makes a customer's extra request wait its turn while another customer's goes through", async () => {
    const slow = gate();
    const slots = new FairSlots(1, 10);
    await build(slots, slow.opened);
    const first = as('alice', '/slow');
    // Awaited, not slept on: alice's first request holds her only slot.
    while (slots.usage('alice').held === 0) await new Promise((resolve) => setImmediate(resolve));
    let secondAnswered = false;
    const second = as('alice', '/fast').then((res) => ((secondAnswered = true), res));
    expect((await as('bob', '/fast')).statusCode).toBe(200);
    expect(secondAnswered).toBe(false);
    expect(slots.usage('alice')).toEqual({ held: 1, waiting: 1 });
    slow.open();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(slots.usage('alice')).toEqual({ held: 0, waiting: 0 });
  });

  it('holds the slot until the response is written, not only until the handler returns', async () => {
    const slots = new FairSlots(1, 10);
    streamed = new PassThrough();
    await build(slots, Promise.resolve());
    const first = as('alice', '/streamed');
    while (slots.usage('alice').held === 0) await new Promise((resolve) => setImmediate(resolve));
    let secondAnswered = false;
    const second = as('alice', '/fast').then((res) => ((secondAnswered = true), res));
    // The handler has returned; its response is still being written.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(secondAnswered).toBe(false);
    expect(slots.usage('alice')).toEqual({ held: 1, waiting: 1 });
    streamed.end('page');
    expect((await first).body).toBe('page');
    expect((await second).statusCode).toBe(200);
    expect(slots.usage('alice')).toEqual({ held: 0, waiting: 0 });
  });

  it('gives back the slot of a request whose client left while it waited for one', async () => {
    const slow = gate();
    const slots = new FairSlots(1, 10);
    await build(slots, slow.opened);
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const held = as('alice', '/slow');
    while (slots.usage('alice').held === 0) await new Promise((resolve) => setImmediate(resolve));
    // A second request waits for alice's only slot; its client gives up meanwhile.
    const serverSawItClose = new Promise((resolve) =>
      app.server.once('connection', (socket: Socket) => socket.once('close', resolve)),
    );
    const leaving = request({
      host: url.hostname,
      port: url.port,
      path: '/fast',
      headers: { authorization: 'Bearer alice' },
    });
    leaving.on('error', () => {});
    leaving.end();
    while (slots.usage('alice').waiting === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    leaving.destroy();
    // Its response is closed before it gets the slot; then the slot must still come back.
    await serverSawItClose;
    slow.open();
    expect((await held).statusCode).toBe(200);
    for (let turn = 0; turn < 100 && slots.usage('alice').held > 0; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(slots.usage('alice')).toEqual({ held: 0, waiting: 0 });
    expect((await as('alice', '/fast')).statusCode).toBe(200);
  });

  it('answers 429 RATE_LIMITED with Retry-After once the waiting room is full too', async () => {
    const slow = gate();
    const slots = new FairSlots(1, 1);
    await build(slots, slow.opened);
    const held = as('alice', '/slow');
    while (slots.usage('alice').held === 0) await new Promise((resolve) => setImmediate(resolve));
    const waiting = as('alice', '/fast');
    while (slots.usage('alice').waiting === 0)
      await new Promise((resolve) => setImmediate(resolve));
    const refused = await as('alice', '/fast');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('1');
    slow.open();
    expect((await held).statusCode).toBe(200);
    expect((await waiting).statusCode).toBe(200);
  });

  it('gives the slot back when the handler fails', async () => {
    const slots = new FairSlots(1, 0);
    await build(slots, Promise.resolve());
    expect((await as('alice', '/fails')).statusCode).toBe(500);
    expect(slots.usage('alice')).toEqual({ held: 0, waiting: 0 });
    expect((await as('alice', '/fast')).statusCode).toBe(200);
  });

  it('gives the slot back when the handler takes the response over: a held stream takes none', async () => {
    const slow = gate();
    const slots = new FairSlots(1, 0);
    taken = 0;
    await build(slots, slow.opened);
    const held: ReturnType<typeof as>[] = [];
    for (let i = 1; i <= 2; i++) {
      held.push(as('alice', '/held'));
      while (taken < i) await new Promise((resolve) => setImmediate(resolve));
    }
    // Both held open, neither holds a slot: another request of Alice's is handled at once.
    expect(slots.usage('alice')).toEqual({ held: 0, waiting: 0 });
    expect((await as('alice', '/fast')).statusCode).toBe(200);
    slow.open();
    for (const response of await Promise.all(held)) expect(response.body).toBe('done');
  });

  it("builds one response of a customer per turn: another's is built between two of its own", async () => {
    const slow = gate();
    await build(new FairSlots(4, 10), slow.opened);
    built = [];
    entered = 0;
    const answers = [as('alice', '/slow'), as('alice', '/slow')];
    while (entered < 2) await new Promise((resolve) => setImmediate(resolve));
    answers.push(as('bob', '/slow'));
    // All three are inside their handler, waiting on the gate in that order; opening it ends them
    // in one turn, Alice's two first.
    while (entered < 3) await new Promise((resolve) => setImmediate(resolve));
    // A turn in which nobody has taken a step yet (the starts above took theirs).
    for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
    slow.open();
    for (const response of await Promise.all(answers)) expect(response.statusCode).toBe(200);
    expect(built).toEqual(['alice', 'bob', 'alice']);
  });
});
