// npm run bench:neighbour: the isolation rule measured (issue 23 point 6). On SQLite and then
// PostgreSQL, one `cofre serve` and two customers: B sends a fixed mix of ordinary requests open
// loop (GET an account, list accounts, list operations, a deposit, a quote), first alone, then
// while A runs its heaviest documented requests — filters with the most metadata pairs, deep
// pages of the largest size, as many listen streams as the server accepts, maximal bodies — all
// together and one kind at a time (BENCH_HEAVY). Reports B's p50/p90/p99/max quiet and with A,
// the ratio against the 2x target, A's answers by status, and the CPU of the server,
// PostgreSQL and both load generators. BENCH_SMOKE=1: tiny sizes, seconds (the test suite runs
// it). See bench/README.md.
import { cpus, loadavg, totalmem } from 'node:os';
import { cleanupAll, runBenchmark } from './lib/cleanup.mjs';
import { serverSettings, startFixture } from './lib/neighbour/fixture.mjs';
import { COFRE_NODE_ARGS } from './lib/servers.mjs';
import { HEAVY_KINDS } from './lib/neighbour/heavy.mjs';
import { runPhase } from './lib/neighbour/phases.mjs';
import { printEngine, TARGET_P99_RATIO, verdicts } from './lib/neighbour/report.mjs';
import { envInt, envList, sourceState } from './lib/settings.mjs';
import { closeConnections } from './lib/webhooks/http.mjs';
import { writeResults } from './lib/webhooks/report.mjs';

/**
 * BENCH_HEAVY: the phases with A, comma separated; each is `all` or kinds joined by `+`
 * (`filters+deep`). Every list starts with a quiet phase and ends with another (drift check).
 */
function scenarios(raw) {
  return raw.split(',').map((name) => {
    const kinds = name === 'all' ? HEAVY_KINDS : name.split('+');
    for (const kind of kinds) {
      if (!HEAVY_KINDS.includes(kind)) {
        throw new Error(`BENCH_HEAVY: unknown kind "${kind}" (${HEAVY_KINDS.join(', ')} or all)`);
      }
    }
    return { name: `with A: ${name}`, kinds };
  });
}

function readSettings() {
  const smoke = process.env.BENCH_SMOKE === '1';
  const pick = (full, small) => (smoke ? small : full);
  return {
    smoke,
    engines: envList('BENCH_ENGINES', 'sqlite,postgres', ['sqlite', 'postgres']),
    scenarios: scenarios(process.env.BENCH_HEAVY || pick(['all', ...HEAVY_KINDS].join(','), 'all')),
    rate: envInt('BENCH_RATE', pick(40, 20), 1),
    probeRate: envInt('BENCH_PROBE_RATE', 10, 0),
    seconds: envInt('BENCH_DURATION', pick(30, 2), 1),
    warmupSeconds: envInt('BENCH_WARMUP', pick(3, 1), 0),
    // A at work before B's window opens (bench/lib/neighbour/heavy.mjs `ready`).
    heavyWarmupSeconds: envInt('BENCH_HEAVY_WARMUP', pick(2, 0), 0),
    // A's load process's nice value (0: as the rest); bench/lib/neighbour/clients.mjs.
    heavyNice: Math.min(envInt('BENCH_HEAVY_NICE', 19, 0), 19),
    heavyAccounts: envInt('BENCH_HEAVY_ACCOUNTS', pick(20_000, 300), 10),
    // A's newest accounts, with metadata at every documented maximum: the heaviest pages.
    maximalAccounts: envInt('BENCH_MAXIMAL_ACCOUNTS', pick(1_000, 20), 0),
    heavyOperations: envInt('BENCH_HEAVY_OPERATIONS', pick(500, 20), 0),
    heavyConcurrency: envInt('BENCH_HEAVY_CONCURRENCY', pick(8, 2), 1),
    // Unset: the documented maximum (the `metadata` filter's maxProperties in /openapi.json).
    filterPairs: envInt('BENCH_FILTER_PAIRS', 0, 1) || undefined,
    streams: envInt('BENCH_STREAMS', pick(2_000, 20), 1),
    streamBatch: envInt('BENCH_STREAM_BATCH', 100, 1),
    streamOpenSeconds: envInt('BENCH_STREAM_OPEN_SECONDS', pick(20, 5), 1),
    listenSubscriptions: envInt('BENCH_LISTEN_SUBSCRIPTIONS', pick(10, 2), 1),
    ordinaryAccounts: envInt('BENCH_ORDINARY_ACCOUNTS', pick(20, 3), 0),
    timeoutMs: envInt('BENCH_TIMEOUT_MS', pick(30_000, 15_000), 1_000),
    server: serverSettings(),
    // The server's node options (recorded with the results): bench/lib/neighbour/fixture.mjs.
    serverNodeArgs: [
      ...COFRE_NODE_ARGS,
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
  };
}

async function runEngine(engine, settings, results) {
  console.log(`\n== ${engine} ==`);
  const fixture = await startFixture(engine, settings);
  console.log(
    `  seeded A's ${settings.heavyAccounts.toLocaleString('en-US')} accounts and ${settings.maximalAccounts.toLocaleString('en-US')} maximal ones in ${fixture.seededSeconds.toFixed(1)} s; limits from /openapi.json: ${JSON.stringify(fixture.limits)}; A's listen subscriptions: ${fixture.heavy.listenSubscriptions.length}`,
  );
  const result = {
    engine,
    databaseServer: fixture.databaseServer,
    limits: fixture.limits,
    rate: settings.rate,
    seconds: settings.seconds,
    heavyAccounts: settings.heavyAccounts,
    maximalAccounts: settings.maximalAccounts,
    heavyOperations: settings.heavyOperations,
    listenSubscriptions: fixture.heavy.listenSubscriptions.length,
    listenRefusals: fixture.heavy.listenRefusals,
    phases: [],
  };
  results.engines.push(result); // printed even when a phase fails
  const phases = [
    { name: 'quiet', kinds: [] },
    ...settings.scenarios,
    { name: 'quiet again', kinds: [] },
  ];
  try {
    for (const phase of phases) {
      const measured = await runPhase(fixture, settings, phase);
      result.phases.push(measured);
      check(measured);
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    result.verdicts = result.phases.length > 1 ? verdicts(result) : [];
    await fixture.server.stop();
    await fixture.database.close();
  }
}

/**
 * What makes the run fail (a missed target never does): B failing while A is quiet, or A's
 * requests refused as malformed (the bench no longer fits the API). Requests of A's that time
 * out, or streams never answered, are what a stalled server does: measured, not errors (the
 * fixture opened a stream once on the quiet server).
 */
function check(phase) {
  if (phase.kinds.length === 0 && phase.b.errors > 0) {
    throw new Error(`${phase.name}: B failed without A: ${phase.b.failures.join('; ')}`);
  }
  for (const [kind, k] of Object.entries(phase.a ?? {})) {
    const malformed = Object.keys(k.statuses).filter(
      (s) => s.startsWith('4') && s !== '408' && s !== '429',
    );
    if (malformed.length > 0) {
      throw new Error(`${phase.name}: A's ${kind} answered ${JSON.stringify(k.statuses)}`);
    }
  }
}

async function main() {
  const settings = readSettings();
  const results = {
    startedAt: new Date().toISOString(),
    command: 'npm run bench:neighbour',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalMemoryBytes: totalmem(),
    loadAverageAtStart: loadavg(),
    source: sourceState(),
    settings,
    target: `B's p99 with A <= ${TARGET_P99_RATIO}x quiet, no failed request`,
    engines: [],
  };
  console.log(
    `cofre neighbour benchmark: node ${process.version}, ${cpus().length} CPUs, engines ${settings.engines.join(', ')}${settings.smoke ? ' (smoke: figures mean nothing)' : ''}`,
  );
  if (loadavg()[0] > 0.5) {
    console.log(
      `  warning: load average is ${loadavg()[0].toFixed(2)} before starting; other processes will skew the numbers`,
    );
  }
  let failure;
  try {
    for (const engine of settings.engines) {
      try {
        await runEngine(engine, settings, results);
      } finally {
        await cleanupAll(); // this engine's server, databases and children, before the next
      }
    }
  } catch (error) {
    failure = error;
    results.error = error instanceof Error ? error.message : String(error);
  } finally {
    results.loadAverageAtEnd = loadavg();
    for (const engine of results.engines) printEngine(engine);
    console.log(`\nresults: ${writeResults(results, 'neighbour')}`);
  }
  if (failure) throw failure;
}

await runBenchmark(main, { finish: closeConnections });
