import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { sendProblem } from './errors.js';
import { ANSWERED, onRequestStep, onSendStep } from '../lib/request-pipeline.js';

export const SHUTTING_DOWN_DETAIL = 'The server is shutting down; retry the request.';

/**
 * How long the listener and the idle connections stay open once a drain begins, so that a
 * connection or a request already on its way is answered 503 instead of meeting a reset
 * (HttpDrain.begin).
 */
export const IDLE_LINGER_MS = 500;

/** How long a closing connection waits for the client to close its side (closeInStages). */
export const CLOSE_LINGER_MS = 2_000;

/** What the deadline had to cut: connections still open and the requests on them. */
export interface HttpCut {
  connections: number;
  requests: number;
}

/**
 * The HTTP side of a shutdown (docs/operations.md "Stopping"). Knows every open connection and request, so a
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
      // Node ends a connection after a `Connection: close` response with destroySoon(), which
      // closes the socket as soon as the response is written.
      const destroySoon = socket.destroySoon.bind(socket);
      socket.destroySoon = () => (this.#draining ? closeInStages(socket) : destroySoon());
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
   * From now on every response carries `Connection: close` and every new request is refused with
   * 503. For IDLE_LINGER_MS the listener and the idle connections stay open; then the listener
   * closes and the connections idle by then with it; busy ones close after their response.
   *
   * Why not close at once: HTTP/1.1 cannot tell a client to stop using a keep-alive connection
   * before it sends (HTTP/2 has GOAWAY), so a request the client sends as the server closes
   * crosses the close and meets a reset. On SQLite that was every request of the first ~100 ms:
   * better-sqlite3 blocks the event loop, so requests wait unread in the kernel while Node counts
   * their connections idle, and new connections wait in the listener's backlog unaccepted;
   * closing a socket with unread data, or a listener with a backlog, makes the kernel send
   * resets. During the linger those requests and connections are taken and answered 503 with
   * `Connection: close`, which ends each connection cleanly.
   */
  async begin(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    await sleep(IDLE_LINGER_MS);
    // Stops accepting and closes the connections idle now (Node's Server.close).
    this.server.close();
  }

  /** Destroys every connection still open (the deadline); returns what that cut. */
  destroyAll(): HttpCut {
    const cut = { connections: this.#connections.size, requests: this.#requests };
    for (const socket of this.#connections) socket.destroy();
    return cut;
  }
}

/**
 * RFC 9112 §9.6: a server that closes at once after its last response makes the kernel answer a
 * request the client had already sent behind it (pipelined) with a reset, which can erase that
 * response at the client before it is read. So: close the writing side (FIN after the response),
 * go on reading until the client closes its side, then close; at most CLOSE_LINGER_MS.
 */
function closeInStages(socket: Socket): void {
  socket.end();
  const close = () => socket.destroy();
  socket.once('end', close);
  setTimeout(close, CLOSE_LINGER_MS).unref();
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
  onRequestStep(app, (request, reply) => {
    if (!drain.draining) return undefined;
    void reply.header('connection', 'close');
    void sendProblem(
      reply,
      request,
      new AppError('SERVICE_UNAVAILABLE', {
        detail: SHUTTING_DOWN_DETAIL,
        headers: { 'retry-after': '1' },
      }),
    );
    return ANSWERED;
  });
  onSendStep(app, (_request, reply, payload) => {
    if (drain.draining) void reply.header('connection', 'close');
    return payload;
  });
}
