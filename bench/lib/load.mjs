import autocannon from 'autocannon';
import { cpuMicrosPerRequest, cpuWindow } from './cpu-time.mjs';

/**
 * Puts one target under load with autocannon and summarises it. Every target gets the same
 * settings: a warm-up run (JIT, caches, connection pools) that is thrown away, then the measured
 * run. Any non-2xx response, error or timeout, in either run, fails the benchmark.
 *
 * `pid` (the server's process) adds its CPU time over the measured run only: CPU seconds, cores
 * used (CPU ÷ wall time) and CPU microseconds per request served (2xx).
 */
export async function measure(target, { connections, duration, warmup }, { pid } = {}) {
  const options = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    // Per-request changes (e.g. a fresh Idempotency-Key each time), when the target needs them.
    ...(target.setupRequest ? { requests: [{ setupRequest: target.setupRequest }] } : {}),
    connections,
    pipelining: 1,
    timeout: 10,
  };
  if (warmup > 0) check(await run({ ...options, duration: warmup }), `${target.name} (warm-up)`);
  globalThis.gc?.(); // start the measured run without the warm-up's garbage (node --expose-gc)
  const latencies = [];
  const stopCpu = pid === undefined ? undefined : cpuWindow(pid);
  const result = await run({ ...options, duration }, latencies);
  const cpuSeconds = stopCpu?.();
  check(result, target.name);
  const sorted = Float64Array.from(latencies).sort();
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    requests: result['2xx'],
    durationSeconds: result.duration,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    throughputBytesPerSecond: result.throughput.average,
    ...(cpuSeconds === undefined
      ? {}
      : {
          cpuSeconds,
          cpuCores: cpuSeconds / result.duration,
          cpuUsPerRequest: cpuMicrosPerRequest(cpuSeconds, result['2xx']),
        }),
  };
}

function run(options, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // autocannon's own histogram keeps whole milliseconds, too coarse for sub-millisecond
    // latencies; its per-response event carries the exact duration, so percentiles come from that.
    if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

function check(result, name) {
  const problems = [];
  if (result.non2xx > 0) {
    problems.push(`${result.non2xx} non-2xx responses ${JSON.stringify(result.statusCodeStats)}`);
  }
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (result['2xx'] === 0) problems.push('no successful response at all');
  if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}`);
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
