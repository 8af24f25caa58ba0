// npm run bench:webhooks: the webhook engine on SQLite and then PostgreSQL —
// 1. deliveries/s of one worker draining a pre-filled outbox to a local receiver,
// 2. latency from an event's commit to its first delivery attempt at a steady rate,
//    with API and worker in one process and in two,
// 3. the cost of fanning one event out to many subscriptions on the write path.
// See bench/README.md.
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { cleanupAll, runBenchmark } from './lib/cleanup.mjs';
import { envInt, envList, envNumbers, sourceState } from './lib/settings.mjs';
import { startEngine, tuningFromEnv } from './lib/webhooks/databases.mjs';
import { measureFanout } from './lib/webhooks/fanout.mjs';
import { closeConnections } from './lib/webhooks/http.mjs';
import { measureLatency } from './lib/webhooks/latency.mjs';
import { startReceiver } from './lib/webhooks/receiver.mjs';
import { printEngine, TARGETS, writeResults } from './lib/webhooks/report.mjs';
import { measureThroughput } from './lib/webhooks/throughput.mjs';

const LABELS = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const PHASES = ['throughput', 'latency', 'fanout'];

// BENCH_SMOKE=1: the tiny sizes of the smoke run (the test suite's bench smoke
// test), as defaults; a BENCH_ variable set explicitly still wins. Seconds, not minutes: it shows
// the bench still runs end to end, not how fast anything is.
const SMOKE = process.env.BENCH_SMOKE === '1';
const SMOKE_DEFAULTS = {
  BENCH_SUBSCRIPTIONS: '10',
  BENCH_MESSAGES: '1000',
  BENCH_WORKERS: '1',
  BENCH_SINGLE_MESSAGES: '100',
  BENCH_DRAIN_TIMEOUT: '30',
  BENCH_LATENCY_RATES: '50',
  BENCH_LATENCY_SECONDS: '2',
  BENCH_LATENCY_WARMUP: '0',
  BENCH_FANOUT_SUBSCRIPTIONS: '20',
  BENCH_FANOUT_ITERATIONS: '20',
  BENCH_FANOUT_WARMUP: '5',
};
if (SMOKE) {
  for (const [key, value] of Object.entries(SMOKE_DEFAULTS)) process.env[key] ??= value;
}

function readSettings() {
  const pollMs = envInt('COFRE_WORKER_POLL_MS', 1_000, 5);
  const cpuProfileDir = process.env.BENCH_CPU_PROF
    ? resolve(process.env.BENCH_CPU_PROF)
    : undefined;
  if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
  return {
    smoke: SMOKE,
    engines: envList('BENCH_ENGINES', 'sqlite,postgres', ['sqlite', 'postgres']),
    phases: envList('BENCH_PHASES', PHASES.join(','), PHASES),
    subscriptions: envInt('BENCH_SUBSCRIPTIONS', 50, 1),
    messages: envInt('BENCH_MESSAGES', 20_000, 1),
    concurrency: envNumbers('BENCH_CONCURRENCY', '64'),
    workers: envNumbers('BENCH_WORKERS', '1,2'),
    drainTimeoutSeconds: envInt('BENCH_DRAIN_TIMEOUT', 120, 1),
    singleMessages: envInt('BENCH_SINGLE_MESSAGES', 2_000, 1),
    latency: {
      rates: envNumbers('BENCH_LATENCY_RATES', '50,200'),
      seconds: envInt('BENCH_LATENCY_SECONDS', 10, 1),
      warmupSeconds: envInt('BENCH_LATENCY_WARMUP', 2, 0),
      // Long enough for a polling worker to come round twice, and for a backlog to drain.
      drainSeconds: Math.ceil((2 * pollMs) / 1_000) + 30,
    },
    fanout: {
      subscriptions: envInt('BENCH_FANOUT_SUBSCRIPTIONS', 100, 1),
      iterations: envInt('BENCH_FANOUT_ITERATIONS', 300, 1),
      warmup: envInt('BENCH_FANOUT_WARMUP', 50, 0),
    },
    tuning: tuningFromEnv(),
    cpuProfileDir,
  };
}

async function runEngine(engine, settings, result) {
  console.log(`\n== ${LABELS[engine]} ==`);
  const engineCtx = await startEngine(engine);
  result.databaseServer = engineCtx.server;
  const receiver = await startReceiver();
  if (settings.phases.includes('throughput')) {
    result.throughput = await measureThroughput(engineCtx, settings, receiver);
  }
  if (settings.phases.includes('latency')) {
    result.latency = [];
    for (const rate of settings.latency.rates) {
      for (const topology of ['serve', 'split']) {
        const processes = topology === 'serve' ? 'cofre serve' : 'cofre api + cofre worker';
        console.log(`  latency: ${processes}, ${rate} events/s`);
        result.latency.push(await measureLatency(engineCtx, settings, receiver, topology, rate));
      }
    }
  }
  if (settings.phases.includes('fanout')) {
    console.log(`  fan-out: 0 vs ${settings.fanout.subscriptions} subscriptions`);
    result.fanout = await measureFanout(engineCtx, settings, receiver);
  }
}

async function main() {
  const settings = readSettings();
  const results = {
    startedAt: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalMemoryBytes: totalmem(),
    loadAverageAtStart: loadavg(),
    source: sourceState(),
    settings,
    targets: TARGETS,
    engines: [],
  };
  console.log(
    `cofre webhooks benchmark: node ${process.version}, ${cpus().length} CPUs, engines ${settings.engines.join(', ')}`,
  );
  // Worker, receiver, load generator and PostgreSQL already share the CPUs.
  if (loadavg()[0] > 0.5) {
    console.log(
      `  warning: load average is ${loadavg()[0].toFixed(2)} before starting; other processes will skew the numbers`,
    );
  }
  let failure;
  try {
    for (const engine of settings.engines) {
      const result = { engine, label: LABELS[engine] };
      results.engines.push(result);
      try {
        await runEngine(engine, settings, result);
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
        throw error;
      } finally {
        await cleanupAll(); // stop this engine's processes and remove its data before the next
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    for (const engine of results.engines) printEngine(engine);
    results.loadAverageAtEnd = loadavg();
    console.log(`\nresults: ${writeResults(results)}`);
  }
  if (failure) throw failure;
}

await runBenchmark(main, { finish: closeConnections });
