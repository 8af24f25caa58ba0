// npm run bench:scale: scale-out on PostgreSQL with real `cofre api` and `cofre worker`
// processes —
// 0. a bare HTTP client against the receiver (the baseline deliveries are compared with),
// 1. deliveries/s with 1 and 2 worker processes, receivers at 0 and 20 ms, 1 and 8 subscriptions,
//    with the CPU cores the workers and PostgreSQL used and CPU time per delivery,
// 2. one subscription's deliveries/s against receiver latency,
// 3. the noisy neighbour: B's delivery latency and sandbox step lateness while A's slow and
//    never-answering receivers have a backlog.
// BENCH_SMOKE=1 runs everything with tiny counts in well under a minute (CI). See bench/README.md.
import { cpus, loadavg, totalmem } from 'node:os';
import { cleanupAll, runBenchmark } from './lib/cleanup.mjs';
import { measureBaseline } from './lib/scale/baseline.mjs';
import { startFixture } from './lib/scale/fixture.mjs';
import { runNoisyNeighbour } from './lib/scale/noisy.mjs';
import { printResults, TARGETS } from './lib/scale/report.mjs';
import { runThroughputCase } from './lib/scale/throughput.mjs';
import { envInt, envList, envNumbers, sourceState } from './lib/settings.mjs';
import { tuningFromEnv } from './lib/webhooks/databases.mjs';
import { closeConnections } from './lib/webhooks/http.mjs';
import { startReceiver } from './lib/webhooks/receiver.mjs';
import { writeResults } from './lib/webhooks/report.mjs';

const PHASES = ['baseline', 'throughput', 'sweep', 'noisy'];

function readSettings() {
  const smoke = process.env.BENCH_SMOKE === '1';
  // Smoke: every phase, tiny counts, and a throughput case must drain (every delivery arrives).
  const pick = (full, small) => (smoke ? small : full);
  const concurrency = envInt('BENCH_CONCURRENCY', 0, 0);
  return {
    smoke,
    phases: envList('BENCH_PHASES', PHASES.join(','), PHASES),
    seconds: envInt('BENCH_SECONDS', pick(8, 20), 1),
    messages: envInt('BENCH_MESSAGES', pick(8_000, 24), 1),
    workers: envNumbers('BENCH_WORKERS', '1,2'),
    subscriptions: envNumbers('BENCH_SUBSCRIPTIONS', '1,8'),
    delays: envNumbers('BENCH_DELAYS', '0,20', 0),
    sweepDelays: envNumbers('BENCH_SWEEP_DELAYS', '0,20,100', 0),
    concurrency: concurrency === 0 ? undefined : concurrency, // unset: the server's default
    maxConcurrency: envInt('BENCH_MAX_CONCURRENCY', 8, 1),
    baselineSeconds: envInt('BENCH_BASELINE_SECONDS', pick(3, 1), 1),
    stepDelayMs: envInt('BENCH_STEP_DELAY_MS', 2_000, 1),
    slowMs: envInt('BENCH_SLOW_MS', 2_000, 1),
    noisyMessages: envInt('BENCH_NOISY_MESSAGES', pick(200, 20), 2),
    noisyRate: envInt('BENCH_NOISY_RATE', 5, 1),
    noisySeconds: envInt('BENCH_NOISY_SECONDS', pick(10, 2), 1),
    noisyDrainSeconds: envInt('BENCH_NOISY_DRAIN', pick(20, 5), 1),
    tuning: tuningFromEnv(),
  };
}

/** The throughput matrix, then the sweep's extra delays (one subscription, one worker). */
function cases(settings) {
  const matrix = [];
  if (settings.phases.includes('throughput')) {
    for (const delayMs of settings.delays) {
      for (const subscriptions of settings.subscriptions) {
        for (const workers of settings.workers) matrix.push({ workers, subscriptions, delayMs });
      }
    }
  }
  const sweep = settings.phases.includes('sweep')
    ? settings.sweepDelays.map((delayMs) => ({ workers: 1, subscriptions: 1, delayMs }))
    : [];
  return { matrix, sweep };
}

async function run(settings, results) {
  const receiver = await startReceiver();
  const fixture = await startFixture(settings);
  results.databaseServer = fixture.server;
  results.mode = fixture.mode.label;
  console.log(`  ${fixture.mode.label}`);

  if (settings.phases.includes('baseline')) {
    results.baseline = [];
    for (const delayMs of [...new Set([...settings.delays, ...settings.sweepDelays])]) {
      console.log(`  baseline: bare HTTP client, receiver ${delayMs} ms`);
      results.baseline.push(
        await measureBaseline(receiver, {
          connections: settings.concurrency ?? 64,
          seconds: settings.baselineSeconds,
          delayMs,
        }),
      );
    }
  }
  const { matrix, sweep } = cases(settings);
  results.throughput = [];
  for (const spec of matrix) {
    results.throughput.push(await runThroughputCase(fixture, settings, receiver, spec));
  }
  results.sweep = [];
  for (const spec of sweep) {
    const same = results.throughput.find(
      (r) => r.workers === 1 && r.subscriptions === 1 && r.delayMs === spec.delayMs,
    );
    results.sweep.push(same ?? (await runThroughputCase(fixture, settings, receiver, spec)));
  }
  if (settings.phases.includes('noisy')) {
    results.noisy = [];
    for (const withNoise of [false, true]) {
      console.log(`  noisy neighbour: ${withNoise ? 'with' : 'without'} A's backlog`);
      results.noisy.push(await runNoisyNeighbour(fixture, settings, receiver, { withNoise }));
    }
  }
}

async function main() {
  const settings = readSettings();
  const results = {
    startedAt: new Date().toISOString(),
    command: 'npm run bench:scale',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalMemoryBytes: totalmem(),
    loadAverageAtStart: loadavg(),
    source: sourceState(),
    settings,
    targets: TARGETS,
  };
  console.log(
    `cofre scale benchmark: node ${process.version}, ${cpus().length} CPUs, PostgreSQL${settings.smoke ? ' (smoke)' : ''}`,
  );
  // Workers, receiver, API and PostgreSQL already share the CPUs.
  if (loadavg()[0] > 0.5) {
    console.log(
      `  warning: load average is ${loadavg()[0].toFixed(2)} before starting; other processes will skew the numbers`,
    );
  }
  let failure;
  try {
    await run(settings, results);
  } catch (error) {
    failure = error;
    results.error = error instanceof Error ? error.message : String(error);
  } finally {
    await cleanupAll();
    results.loadAverageAtEnd = loadavg();
    printResults(results);
    console.log(`\nresults: ${writeResults(results, 'scale')}`);
  }
  if (failure) throw failure;
}

await runBenchmark(main, { finish: closeConnections });
