// Tracing "off and free" (docs/tracing.md): req/s of GET /v1/accounts (a page of 10 accounts, on
// SQLite) for each build named in BENCH_BUILDS (`label` for this checkout, `label=/path/to/checkout`
// for another built one, comma separated; default: `current`), without and with a `traceparent`
// header, and, for a build labelled `<name>+sdk`, with an OpenTelemetry SDK registered (spans
// made, none exported). The server runs in a child process (role api) so it does not share the
// load generator's CPU; besides req/s, the server's CPU time per request (Linux /proc), which a
// busy machine moves less. The server is `@cofre/server` of that checkout (lib/server-module.mjs).
// BENCH_SMOKE=1: 1 s runs, one round (the test suite runs it). Results also go to
// bench/results/tracing-<timestamp>.json.
//   npm run build && node bench/tracing-overhead.mjs
//   BENCH_BUILDS=before=/tmp/base,after,after+sdk node bench/tracing-overhead.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuMicrosPerRequest, cpuSeconds } from './lib/cpu-time.mjs';
import { writeResults } from './lib/report.mjs';
import { loadFrom } from './lib/server-module.mjs';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

const smoke = process.env.BENCH_SMOKE === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? (smoke ? 1 : 8));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (smoke ? 1 : 2));
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const builds = (process.env.BENCH_BUILDS || 'current').split(',').map((entry) => {
  const [label, dir] = entry.split('=');
  return { label, checkout: dir ? resolve(dir) : undefined };
});

// The child imports the server through lib/server-module.mjs, which BENCH_CHECKOUT points at the
// build's checkout (this one when unset).
const SERVER_MODULE = new URL('./lib/server-module.mjs', import.meta.url).href;
const SERVER = `
if (process.env.BENCH_OTEL === '1') {
  const { trace } = await import('@opentelemetry/api');
  const { BasicTracerProvider } = await import('@opentelemetry/sdk-trace-base');
  trace.setGlobalTracerProvider(new BasicTracerProvider());
}
const { server: m } = await import(${JSON.stringify(SERVER_MODULE)});
const server = await m.startServer(m.loadConfig(process.env), { role: 'api' });
console.log(server.url);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
`;

async function startServer(checkout, dbFile, otel) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'BENCH_CHECKOUT'),
  );
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    env: {
      ...inherited,
      ...(checkout ? { BENCH_CHECKOUT: checkout } : {}),
      BENCH_OTEL: otel ? '1' : '0',
      COFRE_DATABASE_URL: dbFile,
      COFRE_LOG_LEVEL: 'silent',
      COFRE_RATE_LIMIT_PER_MINUTE: '0',
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () => new Promise((ok) => (child.once('exit', ok), child.kill('SIGTERM'))),
  };
}

async function seed(checkout, dbFile) {
  const m = await loadFrom(checkout, '@cofre/server');
  const config = m.loadConfig({ COFRE_DATABASE_URL: dbFile });
  const handle = m.createDb(config.database);
  await m.migrateToLatest(handle.db);
  const credentials = await m.createCustomerWithClient(
    handle.db,
    { name: 'bench', environment: config.environment },
    m.systemClock,
  );
  await handle.destroy();
  return credentials;
}

const run = (url, token, headers) =>
  autocannon({
    url: `${url}/v1/accounts`,
    connections: 10,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

// Every server runs at once (idle unless loaded) and the runs take turns, round after round, so
// the load other processes put on the machine falls on every variant alike; medians reported.
const startedAt = new Date().toISOString();
const servers = [];
const samples = new Map();
try {
  for (const build of builds) {
    const dir = mkdtempSync(join(tmpdir(), 'cofre-bench-tracing-'));
    const dbFile = join(dir, 'cofre.db');
    servers.push({ dir });
    const credentials = await seed(build.checkout, dbFile);
    for (const otel of build.label.endsWith('+sdk') ? [true] : [false]) {
      const server = await startServer(build.checkout, dbFile, otel);
      const { accessToken } = await (
        await fetch(`${server.url}/v1/oauth/client/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: credentials.clientId,
            clientSecret: credentials.clientSecret,
          }),
        })
      ).json();
      if (!accessToken) throw new Error('no access token');
      for (let i = 0; i < 10; i++)
        await fetch(`${server.url}/v1/accounts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'CHECKING' }),
        });
      await run(server.url, accessToken, {}); // warm-up
      servers.push({ label: build.label, server, accessToken });
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const { label, server, accessToken } of servers.filter((s) => s.server)) {
      for (const [variant, headers] of [
        ['no traceparent', {}],
        ['traceparent', { traceparent: TRACEPARENT }],
      ]) {
        const cpuBefore = cpuSeconds(server.pid);
        const r = await run(server.url, accessToken, headers);
        const cpu = cpuSeconds(server.pid) - cpuBefore;
        if (r.non2xx > 0 || r.errors > 0 || r['2xx'] === 0) {
          throw new Error(`${r.non2xx} answers were not 2xx, ${r.errors} errors, ${r['2xx']} 2xx`);
        }
        const key = `${label} / ${variant}`;
        const sample = {
          reqPerSec: Math.round(r.requests.average),
          cpuUsPerRequest: Math.round(cpuMicrosPerRequest(cpu, r['2xx'])),
        };
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        console.log(JSON.stringify({ round, build: label, variant, ...sample }));
      }
    }
  }
} finally {
  for (const { server, dir } of servers) {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const table = [...samples].map(([key, xs]) => ({
  run: key,
  medianReqPerSec: median(xs.map((x) => x.reqPerSec)),
  medianCpuUsPerRequest: median(xs.map((x) => x.cpuUsPerRequest)),
  cpuUsPerRequest: xs.map((x) => x.cpuUsPerRequest).join(' '),
}));
console.table(table);
const file = writeResults(
  {
    startedAt,
    node: process.version,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model,
    settings: { smoke, duration: DURATION, rounds: ROUNDS, builds },
    runs: table.map(({ run, medianReqPerSec, medianCpuUsPerRequest }) => ({
      run,
      requestsPerSecond: medianReqPerSec,
      cpuUsPerRequest: medianCpuUsPerRequest,
    })),
    samples: Object.fromEntries(samples),
  },
  'tracing',
);
console.log(`results: ${file}`);
