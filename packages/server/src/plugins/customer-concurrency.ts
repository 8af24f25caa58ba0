import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { rateLimited } from '../lib/errors.js';
import type { FairSlots, ReleaseSlot } from '../lib/fair-slots.js';
import type { LoopShare } from '../lib/loop-share.js';
import { LoopTurns } from '../lib/loop-turns.js';
import { onResponseStep } from '../lib/request-pipeline.js';

/**
 * Each customer's requests are handled at most `slots.perKey` at a time in this process; the
 * next ones wait their turn (in order, holding nothing: no database connection, no CPU), and
 * past `slots.maxWaiting` waiting they are answered 429 RATE_LIMITED with `Retry-After: 1`. So
 * however many expensive requests one customer sends at once, it holds a bounded share of the
 * process and of its database pool, and another customer's requests never queue behind them
 * (BRIEF "Isolation"; bench:neighbour measures it). The slot is held while the route's handler
 * runs — to its end, even if the client has gone, so aborting requests cannot get around it —
 * and until its response is written.
 * A response the handler takes over (`reply.hijack()`: a listen stream) gives its slot back at
 * that moment: from then on it holds a connection, not a share of the handling, and such
 * connections have limits of their own (COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER).
 * And a customer takes at most one step per turn of the event loop (lib/loop-turns.ts) — starting
 * a request, or building a response: the allowance bounds its share of the pool, this its share
 * of the loop, which on SQLite is where every statement runs.
 * And, optionally, a customer that keeps the loop busy while others are active runs at most its
 * share of the time (lib/loop-share.ts, COFRE_CUSTOMER_LOOP_SHARE).
 * Add it to the scope that holds the authenticated routes, after the auth hook (it reads
 * `request.auth`) and before the routes (it wraps their handlers as they are added).
 */
export function registerCustomerConcurrency(
  app: FastifyInstance,
  slots: FairSlots | undefined,
  share?: LoopShare,
): void {
  if (slots === undefined) return;
  const turns = new LoopTurns();
  // When each request's handling began (after its slot and pause): its time, to the response
  // written, is what the pause after it is made of.
  const startedAt = new WeakMap<FastifyRequest, number>();
  if (share !== undefined) {
    onResponseStep(app, (request) => {
      const started = startedAt.get(request);
      if (started === undefined) return;
      const customerId = request.auth.customerId;
      // Only the customer that dominates is paced: the one whose allowance is shared now.
      const dominates = slots.limitFor(customerId) < slots.perKey;
      share.done(customerId, performance.now() - started, dominates);
    });
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = async function handledInTurn(
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const customerId = request.auth.customerId;
      const release = await slotFor(slots, customerId);
      // Held until the handler has ended AND the response is written (or its connection closed):
      // building and writing a large page is the customer's work too, and on PostgreSQL most of
      // it. Given back when the handler returned, it let the customer's next query start while
      // the loop still built its last page: several pages in the making at once on one slot.
      let ends = 2;
      const ended = (): void => {
        if (--ends === 0) release();
      };
      // A client that left while the request waited for its slot closed the response already:
      // its 'close' has gone by, and waiting for it would keep the slot forever.
      if (reply.raw.closed) ended();
      else reply.raw.once('close', ended);
      const takeOver = reply.hijack.bind(reply);
      reply.hijack = () => {
        release();
        return takeOver();
      };
      // A customer that keeps the loop busy while others are active pauses between its
      // requests (lib/loop-share.ts): holding its own slot, so its next request waits too.
      if (share !== undefined) {
        await share.wait(customerId);
        startedAt.set(request, performance.now());
      }
      try {
        await turns.wait(customerId);
        return await handler.call(this, request, reply);
      } finally {
        ended();
      }
    };
  });
  // Building the response (serializing, hashing it for the ETag, writing it) is the other long
  // piece of a request, and on PostgreSQL the answers of a customer's queries come back together:
  // each of its responses then waits for a turn of its own too, so another customer's requests are
  // read and answered between a heavy customer's pages instead of after all of them.
  // A request refused before it was authenticated (a 401) has no customer, and no turn to wait.
  app.addHook('preSerialization', async (request: FastifyRequest, _reply, payload) => {
    const auth = request.auth as FastifyRequest['auth'] | undefined;
    if (auth !== undefined) await turns.wait(auth.customerId);
    return payload;
  });
}

async function slotFor(slots: FairSlots, customerId: string): Promise<ReleaseSlot> {
  const decision = slots.acquire(customerId);
  switch (decision.kind) {
    case 'granted':
      return decision.release;
    case 'queued':
      return decision.granted;
    case 'full':
      throw rateLimited(
        1,
        `Too many requests of this customer at once: at most ${slots.perKey} are handled and ${slots.maxWaiting} wait their turn; retry after 1 s.`,
      );
  }
}
