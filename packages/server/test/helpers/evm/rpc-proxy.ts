import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a test chain's JSON-RPC port, to take the node away from cofre without
 * touching the chain (its blocks, snapshots and mempool stay): the outage tests' switch.
 *
 * - `start()` (the initial mode, "pass"): forwards both ways; after `stop()` it listens again
 *   on the same port, so the URL cofre was given works again.
 * - `stop()`: the node is down; the port is closed (connects get ECONNREFUSED) and open
 *   connections, keep-alive ones included, are destroyed.
 * - `hang()`: the node is unresponsive; connections are accepted and never answered, so
 *   clients run into their own timeout.
 * - `reset()`: connections are accepted and reset at once (ECONNRESET).
 *
 * `hang()` makes the open connections hang too: a node that stops answering does not close them,
 * and a client's pooled keep-alive connection must time out, not fail at once. Every other change
 * destroys them, so a request that hung is never answered later. (test/helpers/tcp-proxy.ts
 * serves the database tests; its freeze delivers the held bytes on restore, the opposite.)
 */
export interface RpcProxy {
  /** `http://127.0.0.1:<port>`, the same for the proxy's whole life. */
  readonly url: string;
  readonly mode: RpcProxyMode;
  start(): Promise<void>;
  stop(): Promise<void>;
  hang(): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export type RpcProxyMode = 'pass' | 'stop' | 'hang' | 'reset';

/** Proxies to `targetUrl`, an http://host:port URL. */
export async function startRpcProxy(targetUrl: string): Promise<RpcProxy> {
  const target = new URL(targetUrl);
  /** Open client connections, each with the way to stop forwarding it (none when it hangs). */
  const clients = new Map<Socket, (() => void) | undefined>();
  let mode: RpcProxyMode = 'pass';
  let server: Server | undefined;

  const forward = (client: Socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    const closeClient = () => client.destroy();
    upstream.on('error', () => upstream.destroy()).on('close', closeClient);
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
    clients.set(client, () => {
      upstream.off('close', closeClient);
      client.unpipe(upstream);
      upstream.unpipe(client);
      upstream.destroy();
    });
  };
  const onConnection = (client: Socket) => {
    // A destroyed peer is part of the test, not a failure of the proxy.
    client.on('error', () => client.destroy());
    client.on('close', () => clients.delete(client));
    if (mode === 'reset') return void client.resetAndDestroy();
    clients.set(client, undefined);
    if (mode === 'pass') forward(client);
    // 'hang': read nothing, answer nothing.
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        const address = s.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  const dropAll = () => {
    for (const client of clients.keys()) client.destroy();
  };
  const closeListener = async () => {
    const s = server;
    server = undefined;
    // close() calls back only once every connection is gone, so they are dropped right after.
    const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : undefined;
    dropAll();
    await closed;
  };

  const port = await listen(0);
  const switchTo = async (next: Exclude<RpcProxyMode, 'stop'>) => {
    mode = next;
    if (next === 'hang') {
      for (const [client, stopForwarding] of clients) {
        stopForwarding?.();
        clients.set(client, undefined);
      }
    } else dropAll();
    if (!server) await listen(port);
  };
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    start: () => switchTo('pass'),
    hang: () => switchTo('hang'),
    reset: () => switchTo('reset'),
    async stop() {
      mode = 'stop';
      await closeListener();
    },
    close: closeListener,
  };
}
