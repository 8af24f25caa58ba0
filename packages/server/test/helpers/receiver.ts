import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { waitFor } from './wait-for.js';

/** One request as the receiver saw it. */
export interface Received {
  n: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Raw body bytes as text. */
  body: string;
  at: number;
}

/** How to answer request number `n` (1-based): a status, a body, or never (`hang`). */
export type Answer =
  { status: number; body?: string; headers?: Record<string, string> } | { hang: true };
export type Script = (request: Received) => Answer;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  connections: number;
  /** Replace how the next requests are answered. */
  script(next: Script): void;
  /** Resolves once at least `count` requests have arrived (no sleeps). */
  waitForRequests(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 that records every request and answers as scripted
 * (default: 200). Hung requests are released when the receiver closes.
 */
export async function startReceiver(script: Script = () => ({ status: 200 })): Promise<Receiver> {
  let current = script;
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = {
        n: received.length + 1,
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      const answer = current(entry);
      if ('hang' in answer) return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    get connections() {
      return connections;
    },
    script(next) {
      current = next;
    },
    async waitForRequests(count, timeoutMs = 15_000) {
      await waitFor(
        `${count} requests at the receiver (got ${received.length})`,
        () => (received.length >= count ? true : undefined),
        { timeoutMs },
      );
      return received;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A loopback port nothing listens on, for "connection refused" cases. Below the ephemeral range,
 * so no server a parallel test starts with listen(0) can take it (a just-closed random port can
 * be), and not one of the ports the URL policy refuses outright.
 */
export const REFUSING_URL = 'http://127.0.0.1:47';
