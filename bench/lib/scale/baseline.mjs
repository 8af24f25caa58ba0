import { performance } from 'node:perf_hooks';
import { requestJson } from '../webhooks/http.mjs';

/**
 * The hello-world of deliveries: what a bare HTTP client in this process gets from the same
 * receiver, with `connections` requests in flight (the worker's default concurrency), for
 * `seconds`, with the receiver answering after `delayMs`. A delivery cannot be faster than this on
 * this machine; the throughput tables give cofre's rate as a share of it.
 */
export async function measureBaseline(receiver, { connections, seconds, delayMs }) {
  const url = `${receiver.base}/lane/baseline${delayMs}?delay=${delayMs}`;
  const body = { id: 'evt_baseline', type: 'ACCOUNT_CREATED', atTime: new Date().toISOString() };
  const end = performance.now() + seconds * 1_000;
  let sent = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const n = sent++;
        const response = await requestJson(url, {
          method: 'POST',
          headers: { 'x-message-id': `msg_baseline_${n}` },
          body,
        });
        if (response.status !== 200) failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  if (failed > 0) throw new Error(`baseline: ${failed} of ${sent} requests failed`);
  return { delayMs, connections, requests: sent, requestsPerSecond: sent / elapsed };
}
