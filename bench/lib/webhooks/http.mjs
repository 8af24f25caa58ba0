import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

// Keep-alive connections from the benchmark to cofre, so no request pays for a TCP handshake.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One JSON request; resolves with status, parsed body and its latency in milliseconds. */
export function requestJson(url, { method = 'GET', headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode, body: parsed, ms });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.end(payload);
  });
}

/** Fails loudly unless the answer has the expected status. */
export async function expectStatus(url, options, status) {
  const response = await requestJson(url, options);
  if (response.status !== status) {
    throw new Error(
      `${options.method ?? 'GET'} ${url}: expected ${status}, got ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
    );
  }
  return response;
}

export function closeConnections() {
  agent.destroy();
}
