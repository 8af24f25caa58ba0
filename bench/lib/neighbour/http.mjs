import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';

/** Keep-alive connections for one client (one customer's load), up to `maxSockets` at once. */
export const keepAlive = (maxSockets) => new Agent({ keepAlive: true, maxSockets });

/**
 * One request; never rejects. Resolves with the status (0 when no answer came: `error` says why),
 * the milliseconds from `startedAt` (default: now; an open-loop sender passes the time the request
 * was due, so a late send counts as latency) to the end of the body, the parsed JSON body when
 * `parse` is set, and Retry-After in seconds on a 429.
 */
export function send(
  url,
  { method = 'GET', headers = {}, body, agent, timeoutMs = 30_000, parse = false, startedAt } = {},
) {
  const started = startedAt ?? performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let settled = false;
    // The whole request, connecting included: req.setTimeout() starts only once the socket is
    // connected, and a connection the server never accepts waits for the kernel (~2 minutes).
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      timeoutMs,
    );
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, ms: performance.now() - started });
    };
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
        res.on('data', (chunk) => {
          if (parse || res.statusCode >= 400) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = parse && text !== '' ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          finish({
            status: res.statusCode,
            body: parsed,
            problem: res.statusCode >= 400 ? text.slice(0, 300) : undefined,
            retryAfter: Number(res.headers['retry-after']) || undefined,
          });
        });
        res.on('error', (error) => finish({ status: 0, error: error.message }));
      },
    );
    req.on('error', (error) => finish({ status: 0, error: error.code ?? error.message }));
    req.end(payload);
  });
}

/** Counts of outcomes by status (`0:TIMEOUT` and the like for requests without an answer). */
export class Tally {
  counts = {};

  add(result) {
    const key = result.status === 0 ? `0:${result.error}` : String(result.status);
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  get total() {
    return Object.values(this.counts).reduce((sum, n) => sum + n, 0);
  }

  /** A copy of the counts now; `since` (an earlier snapshot) gives the counts in between. */
  snapshot(since = {}) {
    const out = {};
    for (const [key, n] of Object.entries(this.counts)) {
      if (n - (since[key] ?? 0) > 0) out[key] = n - (since[key] ?? 0);
    }
    return out;
  }
}
