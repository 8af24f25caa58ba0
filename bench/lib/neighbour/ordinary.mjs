import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarize } from '../webhooks/numbers.mjs';
import { keepAlive, send, Tally } from './http.mjs';

const round = (n) => Math.round(n * 1_000) / 1_000;

/**
 * Customer B's ordinary traffic: a fixed mix of five requests, sent in turn.
 * `expect` is the one status that counts as success.
 */
export function ordinaryMix({ accountId }) {
  return [
    { name: 'GET account', method: 'GET', path: `/v1/accounts/${accountId}`, expect: 200 },
    { name: 'list accounts', method: 'GET', path: '/v1/accounts?limit=10', expect: 200 },
    { name: 'list operations', method: 'GET', path: '/v1/operations?limit=10', expect: 200 },
    {
      name: 'POST deposit',
      method: 'POST',
      path: '/v1/operations/deposit',
      body: { accountId, asset: 'BRL', amount: '10.00' },
      expect: 201,
    },
    {
      name: 'POST quote',
      method: 'POST',
      path: '/v1/quotes',
      body: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1.00' },
      expect: 201,
    },
  ];
}

/**
 * Sends B's mix open loop at `rate` requests per second — request k is due at start + k/rate,
 * sent then whether or not earlier ones were answered, and its latency counts from when it was
 * due, so a server (or a load generator) that falls behind shows as latency instead of as fewer
 * requests (no coordinated omission). `GET /healthz` goes alongside at `probeRate` per second:
 * no authentication and no database, so its latency is the server's event loop and the
 * machine, not its pool. The traffic runs `warmupSeconds` (thrown away; B's keep-alive
 * connections are open by then), calls `onWarm`, and goes on unmeasured until `go` resolves (A
 * is started meanwhile: B is an integrator already at work when A's load arrives); then it is
 * measured for `seconds` (`onMeasuring` and `onMeasured` at the window's start and end).
 * Requests due in the window count once answered (or timed out).
 */
export async function runOrdinary(input, { onWarm, go, onMeasuring, onMeasured }) {
  const { base, token, rate, probeRate, warmupSeconds, seconds, timeoutMs } = input;
  const agent = keepAlive(512);
  const headers = { authorization: `Bearer ${token}` };
  const mix = ordinaryMix(input);
  const kinds = mix.map((m) => ({ name: m.name, latencies: [], tally: new Tally() }));
  const all = [];
  // [seconds into the window the request was due, its latency or null when it failed]: when
  // in the window B suffered (one stall, or all along), in the results file.
  const timeline = [];
  const tally = new Tally();
  const probe = { latencies: [], tally: new Tally() };
  const failures = [];

  const start = performance.now() + 50;
  const warmUntil = start + warmupSeconds * 1_000;
  let released = false;
  void go.then(() => (released = true));
  // Set once `go` has come: the measured window.
  let measureFrom = Infinity;
  let end = Infinity;
  const pending = new Set();
  const track = (promise) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };

  const schedules = [
    { every: 1_000 / rate, next: start, n: 0, fire: (due, n) => fireMix(due, n) },
    ...(probeRate > 0
      ? [{ every: 1_000 / probeRate, next: start, n: 0, fire: (due) => fireProbe(due) }]
      : []),
  ];
  function fireMix(due, n) {
    const kind = n % mix.length;
    const spec = mix[kind];
    const measured = due >= measureFrom && due < end;
    track(
      send(`${base}${spec.path}`, {
        method: spec.method,
        headers,
        body: spec.body,
        agent,
        timeoutMs,
        startedAt: due,
      }).then((result) => {
        if (!measured) return;
        const ok = result.status === spec.expect;
        timeline.push([round((due - measureFrom) / 1_000), ok ? round(result.ms) : null]);
        tally.add(result);
        kinds[kind].tally.add(result);
        if (ok) {
          all.push(result.ms);
          kinds[kind].latencies.push(result.ms);
        } else if (failures.length < 5) {
          failures.push(`${spec.name}: ${result.status} ${result.error ?? result.problem ?? ''}`);
        }
      }),
    );
  }
  function fireProbe(due) {
    const measured = due >= measureFrom && due < end;
    track(
      send(`${base}/healthz`, { agent, timeoutMs, startedAt: due }).then((result) => {
        if (!measured) return;
        probe.tally.add(result);
        if (result.status === 200) probe.latencies.push(result.ms);
      }),
    );
  }

  let warm = false;
  while (performance.now() < end) {
    const now = performance.now();
    if (!warm && now >= warmUntil) {
      warm = true;
      onWarm();
    }
    if (warm && released && measureFrom === Infinity) {
      measureFrom = now;
      end = now + seconds * 1_000;
      onMeasuring();
    }
    for (const s of schedules) {
      while (s.next <= now && s.next < end) {
        s.fire(s.next, s.n++);
        s.next = start + s.n * s.every;
      }
    }
    const wake = Math.min(...schedules.map((s) => s.next), end, warm ? end : warmUntil);
    await sleep(Math.max(0, wake - performance.now()));
  }
  const windowEnd = performance.now();
  onMeasured();
  await Promise.all([...pending]);
  agent.destroy();

  const expected = Object.fromEntries(mix.map((m) => [m.name, m.expect]));
  const ok = all.length;
  return {
    rate,
    seconds,
    windowSeconds: (windowEnd - measureFrom) / 1_000,
    sent: tally.total,
    ok,
    errors: tally.total - ok,
    statuses: tally.snapshot(),
    failures,
    latency: summarize(all),
    timeline: timeline.sort((x, y) => x[0] - y[0]),
    kinds: kinds.map((k) => ({
      name: k.name,
      expect: expected[k.name],
      statuses: k.tally.snapshot(),
      latency: summarize(k.latencies),
    })),
    probe: { statuses: probe.tally.snapshot(), latency: summarize(probe.latencies) },
  };
}
