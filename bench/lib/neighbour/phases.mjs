import { loadavg } from 'node:os';
import { cpuMeter } from '../webhooks/cpu.mjs';
import { requestJson } from '../webhooks/http.mjs';
import { startHeavyClient, startOrdinaryClient } from './clients.mjs';

/**
 * One measurement: B's ordinary traffic, alone (`kinds` empty: quiet) or while A runs `kinds`.
 * B starts first and warms up (its keep-alive connections open), then A starts and is running
 * (streams opened) before B's measured window begins; A stops after it. Over B's window: the
 * CPU of the server, PostgreSQL and each load generator (cpu.mjs), A's answers by status, and
 * the PostgreSQL pool sampled from /metrics. Afterwards the sandbox's jobs caused meanwhile are
 * let run and the server let calm down, so the next phase starts from a quiet server.
 */
export async function runPhase(fixture, settings, { name, kinds }) {
  const ordinaryClient = await startOrdinaryClient({
    base: fixture.base,
    token: fixture.ordinary.token,
    accountId: fixture.ordinary.accountId,
    rate: settings.rate,
    probeRate: settings.probeRate,
    warmupSeconds: settings.warmupSeconds,
    seconds: settings.seconds,
    timeoutMs: settings.timeoutMs,
  });
  let heavy;
  let meter;
  let cpu;
  let pool;
  let poolStats;
  let ordinary;
  let heavyResult;
  try {
    if (kinds.length > 0) {
      heavy = await startHeavyClient({
        base: fixture.base,
        token: fixture.heavy.token,
        kinds,
        limits: fixture.limits,
        accounts: fixture.heavy.accounts,
        operations: fixture.heavy.operations,
        depositAccountId: fixture.heavy.depositAccountId,
        listenSubscriptions: fixture.heavy.listenSubscriptions,
        concurrency: settings.heavyConcurrency,
        streams: settings.streams,
        streamBatch: settings.streamBatch,
        streamOpenSeconds: settings.streamOpenSeconds,
        timeoutMs: settings.timeoutMs,
        warmupSeconds: settings.heavyWarmupSeconds,
        nice: settings.heavyNice,
      });
    }
    ordinary = await ordinaryClient.measure({
      onMeasuring: (ordinaryPid) => {
        heavy?.mark();
        meter = cpuMeter({
          server: fixture.server.child.pid,
          ...(fixture.postgres ? { postgres: fixture.postgres } : {}),
          loadB: ordinaryPid,
          ...(heavy ? { loadA: heavy.pid } : {}),
        });
        pool = samplePool(fixture);
      },
      onMeasured: () => {
        cpu = meter?.();
        heavy?.mark();
        poolStats = pool?.stop();
      },
    });
  } finally {
    await ordinaryClient.stop();
    // Stopped even when B failed, so the next phase (or the cleanup) finds A gone.
    heavyResult = await heavy?.stop();
  }
  if (!fixture.server.running()) throw new Error(`${name}: the server exited`);
  const calm = await fixture.settle();

  const aWindowRequests = Object.values(heavyResult ?? {}).reduce(
    (sum, kind) => sum + Object.values(kind.windowStatuses).reduce((s, n) => s + n, 0),
    0,
  );
  const serverCpu = cpu?.cpuSeconds.server ?? NaN;
  const result = {
    name,
    kinds,
    b: ordinary,
    a: heavyResult,
    cpu,
    serverCpuUsPerRequest: (serverCpu * 1e6) / (ordinary.sent + aWindowRequests),
    aWindowRequests,
    pool: await poolStats,
    calmSeconds: calm,
    loadAverage: loadavg()[0],
  };
  const l = ordinary.latency;
  console.log(
    `    ${name.padEnd(22)} B p50 ${ms(l.p50Ms)} p90 ${ms(l.p90Ms)} p99 ${ms(l.p99Ms)} max ${ms(l.maxMs)} ms, ${ordinary.ok}/${ordinary.sent} ok; /healthz p99 ${ms(ordinary.probe.latency.p99Ms)} ms; server ${pct(cpu?.perProcess.server)}${cpu?.perProcess.postgres != null ? `, PostgreSQL ${pct(cpu.perProcess.postgres)}` : ''}${heavyResult ? `; A ${aWindowRequests} requests ${JSON.stringify(totalStatuses(heavyResult))}` : ''}`,
  );
  return result;
}

const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const pct = (n) => (Number.isFinite(n) ? `${n.toFixed(0)} %` : '-');

/** A's answers in B's window by status, all kinds together. */
export function totalStatuses(heavyResult) {
  const out = {};
  for (const kind of Object.values(heavyResult)) {
    for (const [status, n] of Object.entries(kind.windowStatuses))
      out[status] = (out[status] ?? 0) + n;
  }
  return out;
}

/**
 * Samples the PostgreSQL pool gauges of GET /metrics every `everyMs` until stop(): the most
 * connections in use and the most queries waiting for one. Undefined on SQLite (no pool).
 */
function samplePool(fixture, everyMs = 500) {
  if (fixture.engine !== 'postgres') return undefined;
  const samples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const next = new Promise((resolve) => setTimeout(resolve, everyMs));
      try {
        const { status, body } = await requestJson(`${fixture.base}/metrics`);
        if (status === 200 && typeof body === 'string') samples.push(poolGauges(body));
      } catch {
        // A scrape that times out under load is no sample.
      }
      await next;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const max = (field) =>
        samples.length === 0 ? undefined : Math.max(...samples.map((s) => s[field] ?? 0));
      return { samples: samples.length, maxInUse: max('inUse'), maxWaiting: max('waiting') };
    },
  };
}

function poolGauges(text) {
  const value = (pattern) => {
    const match = text.match(pattern);
    return match ? Number(match[1]) : undefined;
  };
  return {
    inUse: value(/^cofre_db_pool_connections\{[^}]*state="in_use"[^}]*\} (\S+)$/m),
    waiting: value(/^cofre_db_pool_waiting(?:\{[^}]*\})? (\S+)$/m),
  };
}
