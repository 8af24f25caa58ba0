import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, type Hex } from 'viem';

/**
 * An HTTP proxy in front of a node that understands JSON-RPC: it passes every call, except the
 * methods a test holds, which it leaves unanswered (as a node that takes a call and never
 * replies), so a test can stop a process at a precise step — e.g. hold
 * `eth_sendRawTransaction` and a payout is signed and stored but never reaches the chain. A held
 * call is dropped (its connection destroyed) when the methods are released, never answered late.
 */
export interface JsonRpcGate {
  readonly url: string;
  hold(...methods: string[]): void;
  /**
   * Answers `eth_sendRawTransaction` as a node that accepted the bytes (their hash) and then lost
   * them (a mempool eviction): nothing reaches the chain.
   */
  swallowTransactions(): void;
  release(): void;
  /** Calls of `method` the gate has seen (held or passed). */
  seen(method: string): number;
  close(): Promise<void>;
}

export async function startJsonRpcGate(targetUrl: string): Promise<JsonRpcGate> {
  const held = new Set<string>();
  let swallow = false;
  const waiting = new Set<ServerResponse>();
  const counts = new Map<string, number>();
  const server = createServer((request, response) => {
    void forward(request, response);
  });
  async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const calls = [JSON.parse(body) as { method?: string } | { method?: string }[]].flat();
    for (const call of calls)
      counts.set(call.method ?? '', (counts.get(call.method ?? '') ?? 0) + 1);
    const sent = calls.find((call) => call.method === 'eth_sendRawTransaction');
    if (swallow && sent && !Array.isArray(JSON.parse(body))) {
      const { id, params } = JSON.parse(body) as { id: unknown; params: [Hex] };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: keccak256(params[0]) }));
      return;
    }
    if (calls.some((call) => held.has(call.method ?? ''))) {
      waiting.add(response);
      response.once('close', () => waiting.delete(response));
      return;
    }
    try {
      const answer = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(await answer.text());
    } catch {
      response.destroy();
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hold: (...methods) => methods.forEach((m) => held.add(m)),
    swallowTransactions: () => {
      swallow = true;
    },
    release() {
      held.clear();
      swallow = false;
      for (const response of waiting) response.destroy();
      waiting.clear();
    },
    seen: (method) => counts.get(method) ?? 0,
    async close() {
      for (const response of waiting) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
