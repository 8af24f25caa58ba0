import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SlowReceiver {
  url: string;
  /** The most requests it held at the same time. */
  readonly most: number;
  /** Requests answered so far. */
  readonly answered: number;
  close(): Promise<void>;
}

/**
 * A webhook receiver that answers every request with 200 after `holdMs` (a slow integrator) and
 * counts how many it holds at once. Requests still held are dropped when it closes.
 */
export async function startSlowReceiver(holdMs: number): Promise<SlowReceiver> {
  let open = 0;
  let most = 0;
  let answered = 0;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    open += 1;
    most = Math.max(most, open);
    req.resume();
    const timer = setTimeout(() => {
      timers.delete(timer);
      open -= 1;
      answered += 1;
      res.writeHead(200).end();
    }, holdMs);
    timers.add(timer);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get most() {
      return most;
    },
    get answered() {
      return answered;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
