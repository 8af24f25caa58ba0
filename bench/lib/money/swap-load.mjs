import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { cpuMicrosPerRequest, cpuWindow } from '../cpu-time.mjs';

// Node 20's fetch (undici, keep-alive); the lint config does not declare it.
const { fetch } = globalThis;

/**
 * Swaps under load: `connections` closed loops, each repeating one swap — `POST /v1/quotes`
 * then `POST /v1/operations/swap` with that quote, each with a fresh Idempotency-Key — on the
 * accounts in turn. A swap's latency is both requests, end to end. A warm-up run is thrown
 * away; any answer but 201 fails the benchmark (as autocannon's non-2xx do in lib/load.mjs).
 * With `pid` (the server), its CPU over the measured run, per swap (quote + swap) completed.
 */
export async function measureSwaps(
  { base, token, accountIds, amount },
  { connections, duration, warmup },
  { pid } = {},
) {
  if (warmup > 0) await run({ base, token, accountIds, amount }, connections, warmup);
  globalThis.gc?.();
  const stopCpu = pid === undefined ? undefined : cpuWindow(pid);
  const { latencies, seconds } = await run(
    { base, token, accountIds, amount },
    connections,
    duration,
  );
  const cpuSeconds = stopCpu?.();
  const sorted = Float64Array.from(latencies).sort();
  return {
    name: 'swap (POST quote + POST swap)',
    requestsPerSecond: latencies.length / seconds,
    requests: latencies.length,
    durationSeconds: seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    ...(cpuSeconds === undefined
      ? {}
      : {
          cpuSeconds,
          cpuCores: cpuSeconds / seconds,
          cpuUsPerRequest: cpuMicrosPerRequest(cpuSeconds, latencies.length),
        }),
  };
}

async function run(target, connections, seconds) {
  const latencies = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let next = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const accountId = target.accountIds[next++ % target.accountIds.length];
      const t0 = performance.now();
      const quote = await post(target, '/v1/quotes', {
        accountId,
        sourceAsset: 'BRL',
        targetAsset: 'USDT',
        sourceAmount: target.amount,
      });
      await post(target, '/v1/operations/swap', { accountId, quoteId: quote.id });
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

async function post({ base, token }, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status !== 201) {
    throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
