// Not a test: a measurement (issue 17 point 2, the HTTP path). Server CPU time per request of the
// hot routes, next to a bare Fastify hello-world measured the same way, plus cold start. Each
// server runs in a child process (http-cpu.server.mjs, from the BUILT package: `npx tsc -b`
// first) and reports its own process.cpuUsage() over IPC before and after a fixed number of
// requests, so the figure is CPU µs per request, which other load on the machine barely moves.
//
//   node packages/server/test/tools/http-cpu.measure.mjs
//
// Settings: MEASURE_ENGINE (sqlite | postgres, default sqlite; postgres needs TEST_DATABASE_URL),
// MEASURE_REQUESTS (per target, default 5000), MEASURE_ACCOUNTS (rows of the measured customer,
// default 20000; the deep page is 90 % down), MEASURE_CONNECTIONS (default 10), MEASURE_PROF (a
// directory: write a CPU profile per target, with the profile's top self-time functions printed),
// MEASURE_ONLY (comma-separated target names), MEASURE_COLD (cold starts, default 3),
// MEASURE_SERVER_DIST (serve another build's dist directory instead of @cofre/server's, to compare
// builds in alternating runs; a copy of dist/ beside a copy of package.json).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  createCustomerWithClient,
  createDb,
  CursorCodec,
  listScope,
  loadConfig,
  loadKeys,
  migrateToLatest,
  newId,
  systemClock,
} from '@cofre/server';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const { fetch } = globalThis;
const engine = process.env.MEASURE_ENGINE ?? 'sqlite';
const requests = Number(process.env.MEASURE_REQUESTS ?? 5000);
const accounts = Number(process.env.MEASURE_ACCOUNTS ?? 20000);
const connections = Number(process.env.MEASURE_CONNECTIONS ?? 10);
const coldRuns = Number(process.env.MEASURE_COLD ?? 3);
const profDir = process.env.MEASURE_PROF;
const only = process.env.MEASURE_ONLY?.split(',');
const serverScript = fileURLToPath(new URL('./http-cpu.server.mjs', import.meta.url));
const cleanups = [];

async function provision() {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'httpcpu-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'cofre.db');
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('MEASURE_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `httpcpu_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `accounts` rows for the customer, one ms apart, straight into the database. */
async function seedAccounts(url, customerId) {
  const start = Date.now() - accounts - 1000;
  const rows = Array.from({ length: accounts }, (_, i) => [
    newId('account', start + i),
    customerId,
    i % 2 ? 'SAVING' : 'CHECKING',
    'ACTIVE',
    JSON.stringify([{ asset: 'BRL', status: 'ACTIVE' }]),
    start + i,
    start + i,
  ]);
  const sql =
    'INSERT INTO accounts (id, customer_id, type, status, assets, created_at, updated_at) VALUES ';
  if (engine === 'sqlite') {
    const db = new SQLite(url);
    const insert = db.prepare(`${sql}(?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => rows.forEach((row) => insert.run(...row)))();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = rows[0].map((_, c) => rows.map((row) => row[c]));
  await client.query(
    `${sql.replace('VALUES ', '')}SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])`,
    columns,
  );
  await client.query('VACUUM ANALYZE');
  await client.end();
}

function spawnChild(args, env, name) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = fork(serverScript, args, {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('http://')) resolve(line.trim());
      // Log lines at info are the measured work, not news; warnings and errors are shown.
      else if (!/^\{"level":[23]0,/.test(line)) process.stderr.write(`[${name}] ${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
  });
  const ask = (message) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(message);
    });
  const cpu = async () => (await ask('cpu')).cpu;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  };
  return { child, url, cpu, ask, stop };
}

function load(options, amount) {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, connections, amount, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx || result.errors || result.timeouts) {
        return reject(new Error(`${options.url}: ${JSON.stringify(result.statusCodeStats)}`));
      }
      resolve(result);
    });
  });
}

/** Warm-up, then `requests` requests; CPU µs of the server per request and p50 latency. */
async function measure(server, target) {
  await load(target, Math.min(2000, requests));
  const before = await server.cpu();
  const result = await load(target, requests);
  const after = await server.cpu();
  if (profDir) {
    // A second run, profiled: the profiler's own overhead stays out of the CPU figure.
    await server.ask('prof-start');
    await load(target, requests);
    await server.ask(`prof-stop:${join(profDir, `${engine}-${target.name}.cpuprofile`)}`);
  }
  return {
    name: target.name,
    cpuUs: (after - before) / result['2xx'],
    p50: result.latency.p50,
    rps: result.requests.average,
  };
}

function topSelf(file, n = 10) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  // Samples under the inspector's own calls (stopping the profiler) are the measurement's, not
  // the server's.
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node);
  const underInspector = (node) => {
    for (let n = node; n; n = parent.get(n.id)) {
      if (n.callFrame.url === 'node:inspector' || n.callFrame.url.endsWith('http-cpu.server.mjs')) {
        return true;
      }
    }
    return false;
  };
  const self = new Map();
  const dt = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const f = node.callFrame;
    if (f.functionName === '(idle)' || underInspector(node)) return; // not the server's work
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*packages\/server\//, '')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
    total += dt[i] ?? 0;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `    ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`)
    .join('\n');
}

async function coldStart(env) {
  const started = performance.now();
  const server = spawnChild([], env, 'cold');
  const port = new URL(await server.url).port;
  let ms;
  while (ms === undefined) {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (response?.status === 200) ms = performance.now() - started;
    else await sleep(5);
  }
  server.child.kill('SIGKILL');
  return ms;
}

async function main() {
  if (profDir) mkdirSync(profDir, { recursive: true });
  const url = await provision();
  const env = {
    COFRE_DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: '0',
    COFRE_LOG_LEVEL: process.env.MEASURE_LOG_LEVEL ?? 'info',
    COFRE_LOG_FORMAT: 'json',
    COFRE_RATE_LIMIT_PER_MINUTE: '0',
    COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
  };
  const config = loadConfig(env);
  const handle = createDb(config.database, { maintenance: true });
  await migrateToLatest(handle.db);
  const keys = await loadKeys(handle.db, config, Date.now());
  const credentials = await createCustomerWithClient(
    handle.db,
    { name: 'Measured', environment: config.environment },
    systemClock,
  );
  await seedAccounts(url, credentials.customerId);
  const deepRow = await handle.db
    .selectFrom('accounts')
    .select(['id', 'created_at'])
    .where('customer_id', '=', credentials.customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(accounts * 0.9))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deepCursor = new CursorCodec(keys.cursorKey).encode(
    { sortValue: deepRow.created_at, id: deepRow.id, direction: 'NEXT' },
    {
      customerId: credentials.customerId,
      scope: listScope('accounts', { type: undefined, status: undefined }, 'DESCENDING'),
    },
  );
  await handle.destroy();

  const results = [];
  const want = (name) => !only || only.includes(name);
  if (want('hello')) {
    const hello = spawnChild(['hello'], {}, 'hello');
    results.push(await measure(hello, { name: 'hello', url: await hello.url }));
    await hello.stop();
  }
  const targets = [];
  const cofre = spawnChild([], env, 'cofre');
  const base = await cofre.url;
  const tokenBody = JSON.stringify({
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
  });
  const tokenResponse = await fetch(`${base}/v1/oauth/client/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: tokenBody,
  });
  const auth = { authorization: `Bearer ${(await tokenResponse.json()).accessToken}` };
  const page = await (await fetch(`${base}/v1/accounts?limit=10`, { headers: auth })).json();
  const accountId = page.data[0].id;
  targets.push(
    { name: 'healthz', url: `${base}/healthz` },
    { name: 'get', url: `${base}/v1/accounts/${accountId}`, headers: auth },
    { name: 'list', url: `${base}/v1/accounts?limit=10`, headers: auth },
    {
      name: 'deep',
      url: `${base}/v1/accounts?limit=10&cursor=${encodeURIComponent(deepCursor)}`,
      headers: auth,
    },
    {
      name: 'token',
      url: `${base}/v1/oauth/client/token`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: tokenBody,
    },
  );
  for (const target of targets.filter((t) => want(t.name))) {
    results.push(await measure(cofre, target));
  }
  await cofre.stop();

  const hello = results.find((r) => r.name === 'hello');
  console.log(`\n${engine}: ${requests} requests per target, ${connections} connections`);
  for (const r of results) {
    const ratio = hello ? ` ${(r.cpuUs / hello.cpuUs).toFixed(2)}x hello` : '';
    console.log(
      `  ${r.name.padEnd(8)} ${r.cpuUs.toFixed(1).padStart(7)} µs CPU/req${ratio.padEnd(14)} p50 ${r.p50} ms  ${Math.round(r.rps)} req/s (shared cores)`,
    );
  }
  if (coldRuns > 0 && want('cold')) {
    const runs = [];
    for (let i = 0; i < coldRuns; i++) runs.push(await coldStart({ ...env }));
    runs.sort((a, b) => a - b);
    console.log(`  cold start to /readyz: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  }
  if (profDir) {
    for (const file of readdirSync(profDir).filter((f) => f.startsWith(`${engine}-`))) {
      console.log(`\n  ${file}\n${topSelf(join(profDir, file))}`);
    }
  }
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
