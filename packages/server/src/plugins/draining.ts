import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { sendProblem } from './errors.js';

export const SHUTTING_DOWN_DETAIL = 'The server is shutting down; retry the request.';

/**
 * How long connections idle when a drain begins stay open, so that a request already on its way
 * is answered 503 instead of meeting a reset (HttpDrain.begin).
 */
export const IDLE_LINGER_MS = 500;

/** What the deadline had to cut: connections still open and the requests on them. */
export interface HttpCut {
  connections: number;
  requests: number;
}

/**
 * The HTTP side of a shutdown (docs/shutdown.md). Knows every open connection and request, so a
 * drain can close the idle ones at once, tell the busy ones to close after their response, and,
 * at the deadline, destroy what is left and say how much that was.
 */
export class HttpDrain {
  #draining = false;
  readonly #connections = new Set<Socket>();
  #requests = 0;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.#connections.add(socket);
      socket.once('close', () => this.#connections.delete(socket));
    });
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      this.#requests += 1;
      response.once('close', () => (this.#requests -= 1));
    });
  }

  get draining(): boolean {
    return this.#draining;
  }

  /**
   * From now on every response carries `Connection: close`, every new request is refused with
   * 503 and the listener accepts no new connection. Connections idle now are closed after
   * IDLE_LINGER_MS; busy ones close after their response.
   *
   * Why not close idle connections at once: HTTP/1.1 cannot tell a client to stop using a
   * keep-alive connection before it sends (HTTP/2 has GOAWAY), so a request the client sends as
   * the server closes crosses the close and meets a reset — always on SQLite, where
   * better-sqlite3 blocks the event loop and requests wait unread in the kernel while Node counts
   * their connections idle (closing a socket with unread data makes the kernel send a reset).
   * During the linger such a request is read and answered 503 with `Connection: close`, which
   * ends its connection cleanly; a connection still idle after it is closed with a plain FIN.
   */
  async begin(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    // The listener only: Node's http Server.close() would also close the idle connections now.
    // Fastify's close calls that one later, after the linger.
    net.Server.prototype.close.call(this.server);
    if (this.#connections.size > this.#requests) await sleep(IDLE_LINGER_MS);
    this.server.closeIdleConnections();
  }

  /** Destroys every connection still open (the deadline); returns what that cut. */
  destroyAll(): HttpCut {
    const cut = { connections: this.#connections.size, requests: this.#requests };
    for (const socket of this.#connections) socket.destroy();
    return cut;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTTP side of a shutdown: plugins/draining.ts. */
    drain: HttpDrain;
  }
}

/**
 * Once the drain begins, a request that still arrives (on a keep-alive connection that was busy,
 * or read just after the signal) is answered 503 SERVICE_UNAVAILABLE as a problem document with
 * its own detail, `Retry-After` and `Connection: close`, so the client retries elsewhere; and
 * every response, also to requests accepted before, carries `Connection: close`. Replaces
 * Fastify's `return503OnClosing`, whose body is its own JSON, not problem+json. The refusal is
 * not an error of the server: it is logged by the completion line only, never with a stack.
 * Register before any route.
 */
export function registerDraining(app: FastifyInstance): void {
  const drain = new HttpDrain(app.server);
  app.decorate('drain', drain);
  // Fastify's own close (tests call app.close() without a drain) also refuses new requests.
  app.addHook('preClose', (done) => {
    void drain.begin();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!drain.draining) {
      done();
      return;
    }
    void reply.header('connection', 'close');
    void sendProblem(
      reply,
      request,
      new AppError('SERVICE_UNAVAILABLE', {
        detail: SHUTTING_DOWN_DETAIL,
        headers: { 'retry-after': '1' },
      }),
    );
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}
