import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * An HTTP proxy in front of a test chain's JSON-RPC endpoint that understands the requests it
 * forwards, to take one method away from cofre while every other keeps working — e.g. a node
 * that refuses `eth_sendRawTransaction`, which is how a test stands for a crash between signing
 * and broadcasting (the signed bytes are stored, nothing reached the chain). The TCP proxy
 * (rpc-proxy.ts) takes the whole node away instead.
 *
 * - `refuse(method)`: calls of `method` are answered with a JSON-RPC error, never forwarded;
 * - `hang(method)`: calls of `method` are never answered (the client's timeout decides);
 * - `pass(method)`: forwarded again. `calls(method)` counts the calls that reached the proxy.
 */
export interface JsonRpcProxy {
  readonly url: string;
  refuse(method: string): void;
  hang(method: string): void;
  pass(method: string): void;
  calls(method: string): number;
  close(): Promise<void>;
}

interface RpcCall {
  id?: unknown;
  method?: string;
}

export async function startJsonRpcProxy(targetUrl: string): Promise<JsonRpcProxy> {
  const modes = new Map<string, 'refuse' | 'hang'>();
  const counts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  const answer = async (call: RpcCall): Promise<unknown> => {
    const method = call.method ?? '';
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const mode = modes.get(method);
    if (mode === 'refuse') {
      return {
        jsonrpc: '2.0',
        id: call.id ?? null,
        error: { code: -32000, message: `${method} refused by the test proxy` },
      };
    }
    if (mode === 'hang') return new Promise(() => undefined);
    const res = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return res.json();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
    const calls = Array.isArray(body) ? body : [body];
    if (calls.some((c) => modes.get(c.method ?? '') === 'hang')) {
      hanging.add(res);
      return;
    }
    const answers = await Promise.all(calls.map(answer));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    refuse: (method) => void modes.set(method, 'refuse'),
    hang: (method) => void modes.set(method, 'hang'),
    pass: (method) => void modes.delete(method),
    calls: (method) => counts.get(method) ?? 0,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
