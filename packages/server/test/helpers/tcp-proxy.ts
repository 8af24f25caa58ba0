import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between a server under test and its PostgreSQL, to break the database on cue
 * without touching the real one (shared by other tests): `cut()` drops every connection (a
 * restart, a failover), `refuse()` stops listening so connects get ECONNREFUSED (the database is
 * down), `freeze()` keeps connections open but forwards nothing (SIGSTOP, a partition), and
 * `restore()` brings the normal service back.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  cut(): void;
  refuse(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  /** Connections currently open through the proxy. */
  open(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;
  let server: Server | undefined;

  const onConnection = (client: Socket): void => {
    const upstream = connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    // Bytes are forwarded by hand (not pipe) so that a freeze holds them back.
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        const address = s.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  const cut = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  const port = await listen(0);
  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut,
    async refuse() {
      // close() stops accepting at once but calls back only when every connection is gone.
      const stopped = stopListening();
      cut();
      await stopped;
    },
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      frozen = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
      if (!server) await listen(port);
    },
    open: () => pairs.size,
    async close() {
      const stopped = stopListening();
      cut();
      await stopped;
    },
  };
}
