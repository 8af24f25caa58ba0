// npm run bench:money: withdrawals accepted per second through the API — auth, Idempotency-Key,
// hold, operation, event, all in one transaction — at concurrency 50, as a share of a bare
// Fastify hello-world on the same machine, on SQLite and then PostgreSQL; then swaps per second
// (a quote and a swap using it, on several accounts). See bench/README.md.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createDb, loadConfig, verifyLedger } from '@cofre/server';
import { cleanupAll } from './lib/cleanup.mjs';
import { provision, serverEnv } from './lib/engine.mjs';
import { measure } from './lib/load.mjs';
import { seedMoney } from './lib/money/fixture.mjs';
import { seedSwapAccounts } from './lib/money/swap-fixture.mjs';
import { measureSwaps } from './lib/money/swap-load.mjs';
import { writeResults } from './lib/report.mjs';
import { freePort, killServers, spawnServer } from './lib/servers.mjs';

const LABELS = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const TARGETS = { sqlite: 1_000, postgres: 500 };
const AMOUNT = '0.01';
/** What each swap sells: 1.00 BRL (0.01 fee at the sandbox's 0.5 %, the rest into USDT). */
const SWAP_AMOUNT = '1.00';

function envInt(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new Error(`${name} must be a whole number >= ${min}`);
  return Number(raw);
}

const settings = {
  engines: (process.env.BENCH_ENGINES || 'sqlite,postgres').split(',').map((e) => e.trim()),
  load: {
    connections: envInt('BENCH_CONNECTIONS', 50, 1),
    duration: envInt('BENCH_DURATION', 10, 1),
    warmup: envInt('BENCH_WARMUP', 2, 0),
  },
  swapAccounts: envInt('BENCH_SWAP_ACCOUNTS', 8, 1),
};
for (const engine of settings.engines) {
  if (!(engine in LABELS)) throw new Error(`BENCH_ENGINES: unknown engine "${engine}"`);
}

async function runEngine(engine) {
  console.log(`\n== ${LABELS[engine]} ==`);
  const db = await provision(engine);
  const env = {
    ...serverEnv(db.url),
    COFRE_ENVIRONMENT: 'sandbox',
    // The simulator settles the fixture quickly; it is not running during the measurement.
    COFRE_SANDBOX_STEP_DELAY_MS: '50',
  };

  // The fixture: through the API, on a full `cofre serve` (its simulator settles each step).
  const seedPort = await freePort();
  const seeder = spawnServer(
    'cofre-role.mjs',
    { ...env, PORT: String(seedPort), BENCH_ROLE: 'all' },
    { name: 'cofre' },
  );
  console.log('  seeding: account, deposit, beneficiary (through the API)');
  const fixture = await seedMoney(db.url, await seeder.url, '1000000.00');
  console.log(`  seeding: ${settings.swapAccounts} BRL+USDT accounts for swaps (through the API)`);
  const swapAccountIds = await seedSwapAccounts(
    await seeder.url,
    fixture.token,
    settings.swapAccounts,
    '1000000.00',
  );
  await seeder.stop();

  const hello = spawnServer('hello-world.mjs', { PORT: '0' }, { name: 'hello-world' });
  console.log('  measuring hello-world');
  const baseline = await measure(
    { name: 'hello-world GET /', url: await hello.url },
    settings.load,
  );
  await hello.stop();

  // The measured server is `cofre api`: the HTTP role alone, as scale-out runs it. Withdrawals
  // queue their lifecycle jobs for a worker that is not running, so the numbers are the API's.
  const port = await freePort();
  const api = spawnServer(
    'cofre-role.mjs',
    { ...env, PORT: String(port), BENCH_ROLE: 'api' },
    {
      name: 'cofre',
    },
  );
  const base = await api.url;
  console.log(
    `  measuring POST /v1/operations/withdrawal (${settings.load.connections} connections)`,
  );
  const withdrawals = await measure(
    {
      name: 'POST /v1/operations/withdrawal',
      url: `${base}/v1/operations/withdrawal`,
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountId: fixture.accountId,
        asset: 'BRL',
        amount: AMOUNT,
        beneficiary: { id: fixture.beneficiaryId, paymentInstructionId: fixture.instructionId },
      }),
      // Every request is a new withdrawal: a fresh key, so none is a replay.
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
      }),
    },
    settings.load,
  );
  // Swaps: each iteration prices a quote and swaps with it (two requests, each its own
  // transaction), spread over several accounts. Like the withdrawals, they stay REQUESTED with
  // their source amount held: no worker runs.
  console.log(
    `  measuring swaps: POST /v1/quotes + POST /v1/operations/swap (${settings.load.connections} loops, ${settings.swapAccounts} accounts)`,
  );
  const swaps = await measureSwaps(
    { base, token: fixture.token, accountIds: swapAccountIds, amount: SWAP_AMOUNT },
    settings.load,
  );
  await api.stop();

  // Afterwards the ledger must still reconcile: every hold is in a balance and its entries.
  const config = loadConfig({ COFRE_DATABASE_URL: db.url, COFRE_BOOTSTRAP_DEMO_CLIENT: 'false' });
  const handle = createDb(config.database, { maintenance: true });
  let differences;
  let operations;
  let swapsStored;
  try {
    differences = await verifyLedger(handle.db);
    const count = async (type) =>
      Number(
        (
          await handle.db
            .selectFrom('operations')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('type', '=', type)
            .executeTakeFirstOrThrow()
        ).n,
      );
    operations = await count('WITHDRAWAL');
    swapsStored = await count('SWAP');
  } finally {
    await handle.destroy();
  }
  return {
    engine,
    label: LABELS[engine],
    databaseServer: db.server,
    settings: `${settings.load.connections} connections, ${settings.load.warmup} s warm-up + ${settings.load.duration} s`,
    targets: [baseline, withdrawals, swaps],
    summary: {
      withdrawalsPerSecond: withdrawals.requestsPerSecond,
      shareOfHello: withdrawals.requestsPerSecond / baseline.requestsPerSecond,
      p99Ms: withdrawals.p99Ms,
      target: TARGETS[engine],
      withdrawalsStored: operations,
      ledgerDifferences: differences.length,
      swapsPerSecond: swaps.requestsPerSecond,
      swapsShareOfHello: swaps.requestsPerSecond / baseline.requestsPerSecond,
      swapP50Ms: swaps.p50Ms,
      swapP99Ms: swaps.p99Ms,
      swapsMeasured: swaps.requests,
      swapsStored,
    },
    loadAverageAfter: loadavg(),
  };
}

function print(r) {
  console.log(`\n${r.label}: ${r.settings} (load average ${r.loadAverageAfter[0].toFixed(2)})`);
  console.log('target                              req/s  p50 ms  p99 ms  vs hello');
  console.log('------------------------------  --------  ------  ------  --------');
  const hello = r.targets[0].requestsPerSecond;
  for (const t of r.targets) {
    console.log(
      `${t.name.padEnd(30)}  ${Math.round(t.requestsPerSecond).toLocaleString('en-US').padStart(8)}  ${t.p50Ms.toFixed(2).padStart(6)}  ${t.p99Ms.toFixed(2).padStart(6)}  ${((100 * t.requestsPerSecond) / hello).toFixed(1).padStart(7)} %`,
    );
  }
  const s = r.summary;
  const met = s.withdrawalsPerSecond >= s.target ? 'met' : 'MISSED';
  console.log(
    `\n  withdrawals accepted  ${Math.round(s.withdrawalsPerSecond).toLocaleString('en-US')}/s  (target >= ${s.target}/s: ${met}), p99 ${s.p99Ms.toFixed(2)} ms`,
  );
  console.log(
    `  swaps                 ${Math.round(s.swapsPerSecond).toLocaleString('en-US')}/s (quote + swap each), ${(100 * s.swapsShareOfHello).toFixed(1)} % of hello-world req/s, p50 ${s.swapP50Ms.toFixed(2)} ms, p99 ${s.swapP99Ms.toFixed(2)} ms`,
  );
  console.log(
    `  stored withdrawals    ${s.withdrawalsStored.toLocaleString('en-US')}, swaps ${s.swapsStored.toLocaleString('en-US')}; ledger verify: ${s.ledgerDifferences === 0 ? 'clean' : `${s.ledgerDifferences} differences`}`,
  );
}

async function main() {
  console.log(
    `cofre money benchmark: node ${process.version}, ${cpus().length} CPUs, engines ${settings.engines.join(', ')}`,
  );
  if (loadavg()[0] > 0.5) {
    console.log(
      `  warning: load average is ${loadavg()[0].toFixed(2)} before starting; other processes will skew the numbers`,
    );
  }
  const results = {
    startedAt: new Date().toISOString(),
    node: process.version,
    settings,
    engines: [],
  };
  try {
    for (const engine of settings.engines) {
      try {
        results.engines.push(await runEngine(engine));
      } finally {
        await cleanupAll();
      }
    }
  } finally {
    for (const engine of results.engines) print(engine);
  }
  const file = writeResults(results, 'money');
  console.log(`\nresults: ${file}`);
  if (results.engines.some((e) => e.summary.ledgerDifferences > 0)) process.exitCode = 1;
}

process.once('SIGINT', () => {
  killServers();
  void cleanupAll().finally(() => process.exit(130));
});
await main();
