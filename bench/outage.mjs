// Database outages, measured against real processes (docs/config.md "Database deadlines and
// outages"): `OUTAGE_PG_URL=postgres://… node bench/outage.mjs [repo root] [case] [role]`.
// For each case (terminate, stop, start, freeze) and role it spawns that checkout's built `cofre`
// (default: this one; another checkout's gives the before figures) on a throwaway database of
// the PostgreSQL at OUTAGE_PG_URL, reached through a TCP proxy this script controls, so the
// PostgreSQL itself is never stopped or frozen. One JSON line per case and role.
// OUTAGE_PG_URL may also be given as BENCH_DATABASE_URL or TEST_DATABASE_URL.
// BENCH_SMOKE=1 (the test suite runs it): one short case per role (terminate for api and serve,
// start for worker), each checked: the process survives and serves or starts again (exit 1 if not).
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 20's globals; the lint config does not declare them.
const { fetch, AbortSignal } = globalThis;

const root = process.argv[2] || fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(`${root}/package.json`);
const pg = require('pg');
const BIN = `${root}/packages/cli/bin/cofre.js`;
const ADMIN =
  process.env.OUTAGE_PG_URL || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!ADMIN) throw new Error('set OUTAGE_PG_URL to an admin URL of a PostgreSQL to test on');
const PG_HOST = new URL(ADMIN).hostname;
const PG_PORT = Number(new URL(ADMIN).port || 5432);

function proxy(targetPort) {
  const pairs = new Set();
  let frozen = false;
  let server;
  const onConn = (c) => {
    const u = connect(targetPort, PG_HOST);
    const p = { c, u };
    pairs.add(p);
    const drop = () => (pairs.delete(p), c.destroy(), u.destroy());
    c.on('error', drop).on('close', drop);
    u.on('error', drop).on('close', drop);
    c.on('data', (d) => u.write(d));
    u.on('data', (d) => c.write(d));
    if (frozen) (c.pause(), u.pause());
  };
  const listen = (port) =>
    new Promise((r) => {
      server = createServer(onConn);
      server.listen(port, '127.0.0.1', () => r(server.address().port));
    });
  const cut = () => {
    for (const { c, u } of pairs) (c.destroy(), u.destroy());
    pairs.clear();
  };
  return {
    listen,
    async refuse() {
      const s = server;
      server = undefined;
      const done = new Promise((r) => s.close(r));
      cut();
      await done;
    },
    freeze() {
      frozen = true;
      for (const { c, u } of pairs) (c.pause(), u.pause());
    },
    async restore(port) {
      frozen = false;
      for (const { c, u } of pairs) (c.resume(), u.resume());
      if (!server) await listen(port);
    },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(check, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await check();
    if (v !== undefined) return v;
    await sleep(20);
  }
  return undefined;
}

function start(role, env) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, role], {
    env: { ...inherited, ...env, COFRE_LOG_LEVEL: 'info', COFRE_LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p = { child, out: '', err: '', exit: undefined, startedAt: Date.now() };
  child.stdout.setEncoding('utf8').on('data', (d) => (p.out += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (p.err += d));
  child.on(
    'exit',
    (code, signal) => (p.exit = { code, signal, afterMs: Date.now() - p.startedAt }),
  );
  return p;
}
const via = (url, port) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
};
const urlOf = (p) => p.out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];

async function newDb() {
  const name = `cofre_m_${randomBytes(5).toString('hex')}`;
  const a = new pg.Client({ connectionString: ADMIN });
  await a.connect();
  await a.query(`CREATE DATABASE ${name}`);
  await a.end();
  const u = new URL(ADMIN);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}
async function dropDb(name) {
  const a = new pg.Client({ connectionString: ADMIN });
  await a.connect();
  await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await a.end();
}

async function timed(fn) {
  const t = Date.now();
  try {
    const r = await fn();
    return { ...r, ms: Date.now() - t };
  } catch (e) {
    return { status: `error ${e.cause?.code ?? e.message}`, ms: Date.now() - t };
  }
}

async function setup(role) {
  const db = await newDb();
  const px = proxy(PG_PORT);
  const port = await px.listen(0);
  const p = start(role, {
    COFRE_DATABASE_URL: via(db.url, port),
    PORT: '0',
    COFRE_BOOTSTRAP_DEMO_CLIENT: 'true',
  });
  await until(() =>
    p.out.includes('worker started') || (role === 'api' && urlOf(p)) || p.exit ? true : undefined,
  );
  const base = urlOf(p);
  let token;
  if (base) {
    await until(() => (/clientSecret:\s+\S+/.test(p.err) ? true : undefined));
    const id = p.err.match(/clientId:\s+(\S+)/)?.[1];
    const secret = p.err.match(/clientSecret:\s+(\S+)/)?.[1];
    const r = await fetch(`${base}/v1/oauth/client/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: id, clientSecret: secret }),
    });
    token = (await r.json()).accessToken;
  }
  const direct = new pg.Client({ connectionString: db.url });
  await direct.connect();
  const call = (method) =>
    fetch(`${base}/v1/accounts`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify({ type: 'CHECKING' }) } : {}),
      signal: AbortSignal.timeout(30000),
    }).then(async (r) => ({
      status: r.status,
      code: (await r.text()).match(/"code":"(\w+)"/)?.[1],
    }));
  return { db, px, port, p, base, direct, call };
}
async function teardown(s) {
  s.p.child.kill('SIGKILL');
  await s.direct.end().catch(() => {});
  await s.px.refuse().catch(() => {});
  await dropDb(s.db.name);
}

async function caseTerminate(role) {
  const s = await setup(role);
  const out = { case: 'terminate backend mid-transaction', role };
  try {
    const locker = new pg.Client({ connectionString: s.db.url });
    await locker.connect();
    await locker.query('BEGIN');
    let pending;
    if (role === 'worker') {
      await locker.query('LOCK TABLE jobs IN EXCLUSIVE MODE');
    } else {
      await locker.query('LOCK TABLE events IN EXCLUSIVE MODE');
      pending = timed(() => s.call('POST'));
    }
    const pid = await until(async () => {
      const { rows } = await s.direct.query(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and xact_start is not null`,
      );
      return rows[0]?.pid;
    });
    await s.direct.query('select pg_terminate_backend($1)', [pid]);
    await locker.end();
    if (pending) out.request = await pending;
    await sleep(1500);
    out.exit = s.p.exit ?? 'alive';
    if (!s.p.exit && s.base) out.next = await timed(() => s.call('POST'));
  } finally {
    await teardown(s);
  }
  return out;
}

async function caseStop10s(role) {
  const s = await setup(role);
  const out = { case: 'database stopped 10 s under load', role };
  try {
    const statuses = {};
    let running = !!s.base;
    const loop = async () => {
      while (running) {
        const r = await timed(() => s.call('GET'));
        const k = r.code ? `${r.status} ${r.code}` : String(r.status);
        statuses[k] = (statuses[k] ?? 0) + 1;
        if (r.status !== 200) await sleep(50);
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    await sleep(500);
    await s.px.refuse();
    await sleep(10000);
    out.exitDuringOutage = s.p.exit ?? 'alive';
    await s.px.restore(s.port);
    const upAt = Date.now();
    if (!s.p.exit && s.base) {
      const ok = await until(
        async () => ((await timed(() => s.call('GET'))).status === 200 ? true : undefined),
        20000,
      );
      out.servedAgainAfterMs = ok ? Date.now() - upAt : 'never (20 s)';
    } else if (!s.p.exit) {
      await sleep(2000);
    }
    running = false;
    await Promise.all(loops);
    out.statuses = statuses;
    out.exit = s.p.exit ?? 'alive';
  } finally {
    await teardown(s);
  }
  return out;
}

async function caseStartWhileDown(role) {
  const db = await newDb();
  const px = proxy(PG_PORT);
  const port = await px.listen(0);
  await px.refuse();
  const p = start(role, {
    COFRE_DATABASE_URL: via(db.url, port),
    PORT: '0',
    COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
  });
  await sleep(3000);
  const out = {
    case: 'started while the database is down (up again after 3 s)',
    role,
    at3s: p.exit ?? 'alive (waiting)',
  };
  if (p.exit) out.stderr = p.err.split('\n').find((l) => l.trim()) ?? '';
  await px.restore(port);
  if (!p.exit) {
    const ready = await until(() =>
      p.out.includes(role === 'worker' ? 'worker started' : 'Server listening') ? true : undefined,
    );
    out.startedAfterMs = ready ? Date.now() - p.startedAt : 'never';
  }
  p.child.kill('SIGKILL');
  await px.refuse().catch(() => {});
  await dropDb(db.name);
  return out;
}

async function caseFreeze(role) {
  const s = await setup(role);
  const out = { case: 'database frozen (no bytes forwarded)', role };
  try {
    s.px.freeze();
    const [ready, request] = await Promise.all([
      timed(() =>
        fetch(`${s.base}/readyz`, { signal: AbortSignal.timeout(30000) }).then(async (r) => ({
          status: r.status,
          code: (await r.text()).match(/"code":"(\w+)"/)?.[1],
        })),
      ),
      timed(() => s.call('GET')),
    ]);
    out.readyz = ready;
    out.request = request;
    await s.px.restore(s.port);
    const ok = await until(async () =>
      (await timed(() => s.call('GET'))).status === 200 ? true : undefined,
    );
    out.afterThaw = ok ? 'serves' : 'does not serve';
    out.exit = s.p.exit ?? 'alive';
  } finally {
    await teardown(s);
  }
  return out;
}

const only = process.argv[3];
const onlyRole = process.argv[4];
const smoke = process.env.BENCH_SMOKE === '1';
const cases = smoke
  ? [
      ['terminate', caseTerminate, ['api', 'serve']],
      ['start', caseStartWhileDown, ['worker']],
    ]
  : [
      ['terminate', caseTerminate, ['api', 'serve', 'worker']],
      ['stop', caseStop10s, ['api', 'serve', 'worker']],
      ['start', caseStartWhileDown, ['api', 'worker']],
      ['freeze', caseFreeze, ['api']],
    ];
// What the smoke run insists on: the process survived the outage and works again afterwards.
const smokeProblem = (out) => {
  if ((out.exit ?? 'alive') !== 'alive') return `exited: ${JSON.stringify(out.exit)}`;
  if ('next' in out && out.next?.status !== 201) return `next request: ${JSON.stringify(out.next)}`;
  if ('startedAfterMs' in out && typeof out.startedAfterMs !== 'number') return 'never started';
  if ('at3s' in out && typeof out.at3s !== 'string') return `exited while down: ${out.stderr}`;
  return undefined;
};
let failed = false;
for (const [name, fn, roles] of cases) {
  if (only && only !== name) continue;
  for (const role of roles) {
    if (onlyRole && onlyRole !== role) continue;
    const out = await fn(role);
    console.log(JSON.stringify(out));
    const problem = smoke ? smokeProblem(out) : undefined;
    if (problem) {
      console.error(`outage smoke: ${name} / ${role}: ${problem}`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
