import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Received } from './receiver.js';
import { waitFor } from './wait-for.js';

export interface GatedReceiver {
  url: string;
  received: Received[];
  /** Resolves once at least `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<Received[]>;
  /** Answers every request held so far with `status`; later requests are answered at once. */
  release(status?: number): void;
  /** Holds the requests that arrive from now on again, until the next `release()`. */
  hold(): void;
  close(): Promise<void>;
}

/**
 * A receiver on 127.0.0.1 that keeps each request open, unanswered, until `release()`: a way to
 * hold a delivery in flight while the test changes the subscription under it.
 */
export async function startGatedReceiver(): Promise<GatedReceiver> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const sockets = new Set<Socket>();
  let open: number | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        n: received.length + 1,
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      if (open === undefined) held.push(res);
      else res.writeHead(open).end();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitForRequests(count, timeoutMs = 10_000) {
      await waitFor(
        `${count} requests at the gated receiver (got ${received.length})`,
        () => (received.length >= count ? true : undefined),
        { timeoutMs },
      );
      return received;
    },
    release(status = 200) {
      open = status;
      for (const res of held.splice(0)) res.writeHead(status).end();
    },
    hold() {
      open = undefined;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
