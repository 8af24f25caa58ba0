// The PIX rail against a lean PSP (docs/rails.md "BRL through a PSP's API Pix"): charges made
// per second, deposits credited per second through the PSP's webhook, and the reconciliation
// window's catch-up time for Pix whose webhook was lost. A `cofre serve` in production with the
// rail, on each engine; the PSP runs in this process (bench/lib/rails/pix-psp.mjs).
// BENCH_SMOKE=1: 10 + 10 deposits (the test suite runs it).
//   npm run bench:rails-pix        BENCH_ENGINES=sqlite BENCH_PIX_WEBHOOKS=1000 BENCH_PIX_MISSED=1000
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { createCustomerWithClient, systemClock, verifyLedger } from '@cofre/server';
import { onExit } from './lib/cleanup.mjs';
import { runPerEngine } from './lib/per-engine.mjs';
import { issueToken } from './lib/cofre-api.mjs';
import { startPixPsp } from './lib/rails/pix-psp.mjs';
import { spawnServer } from './lib/servers.mjs';
import { cofreEnv, openDatabase, startEngine } from './lib/webhooks/databases.mjs';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

const smoke = process.env.BENCH_SMOKE === '1';
const settings = {
  engines: (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(','),
  webhooks: Number(process.env.BENCH_PIX_WEBHOOKS ?? (smoke ? 10 : 1_000)),
  missed: Number(process.env.BENCH_PIX_MISSED ?? (smoke ? 10 : 1_000)),
  /** Webhook calls the PSP makes at once. */
  concurrency: Number(process.env.BENCH_PIX_CONCURRENCY ?? 16),
  reconcileMs: Number(process.env.BENCH_PIX_RECONCILE_MS ?? (smoke ? 1_000 : 10_000)),
};
const ADMIN_TOKEN = randomBytes(24).toString('base64url');

await runPerEngine('rails-pix', settings, runEngine);

async function runEngine(engine) {
  const engineCtx = await startEngine(engine);
  const database = await openDatabase(
    await engineCtx.newDatabase(`pix_${randomBytes(3).toString('hex')}`),
  );
  const dir = mkdtempSync(join(tmpdir(), 'cofre-bench-pix-'));
  onExit(() => rmSync(dir, { recursive: true, force: true }));
  const psp = await startPixPsp(dir);
  const server = spawnServer(
    'cofre-role.mjs',
    cofreEnv(database.url, 'all', {
      COFRE_ENVIRONMENT: 'production',
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'false',
      COFRE_ADMIN_TOKEN: ADMIN_TOKEN,
      COFRE_PUBLIC_URL: 'https://cofre.bench',
      ...psp.env(),
      COFRE_PIX_KEY: psp.pixKey,
      COFRE_PIX_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
      COFRE_PIX_RECONCILE_INTERVAL_MS: String(settings.reconcileMs),
    }),
    { name: `cofre serve (${engine}, PIX rail)` },
  );
  try {
    const base = await server.url;
    psp.callbackTo(base);
    const credentials = await createCustomerWithClient(
      database.db,
      { name: 'PIX bench', environment: 'production' },
      systemClock,
    );
    const api = client(base, await issueToken(base, credentials));
    const accountId = await api.activeBrlAccount();
    const total = settings.webhooks + settings.missed;
    const started = performance.now();
    const ids = await inBatches(total, () => api.deposit(accountId, '10.00'));
    const requestedSeconds = (performance.now() - started) / 1_000;
    await until(`${total} charges at the PSP`, () => psp.charges.size === total);
    await until(
      `${total} BR Codes on the deposits`,
      async () => (await chargesIn(database, 'CREATED')) === total,
    );
    const chargedSeconds = (performance.now() - started) / 1_000;
    console.log(
      `  charges: ${total} deposits requested in ${requestedSeconds.toFixed(2)} s, every charge made and its BR Code on the deposit after ${chargedSeconds.toFixed(2)} s (${(total / chargedSeconds).toFixed(0)}/s)`,
    );
    const webhooks = await measureWebhooks(database, psp, ids.slice(0, settings.webhooks));
    const missed = await measureMissed(database, psp, ids.slice(settings.webhooks));
    const ledger = await verifyLedger(database.db);
    if (ledger.length > 0) throw new Error(`ledger verify: ${JSON.stringify(ledger)}`);
    console.log('  ledger verify: clean');
    return {
      engine,
      databaseServer: engineCtx.server,
      charges: {
        count: total,
        requestedSeconds,
        seconds: chargedSeconds,
        perSecond: total / chargedSeconds,
      },
      webhooks,
      missed,
      ledgerClean: true,
    };
  } finally {
    await server.stop();
    await psp.close();
  }
}

/** Every deposit paid with its webhook (`concurrency` calls at once), until all are credited. */
async function measureWebhooks(database, psp, ids) {
  const started = performance.now();
  await inBatches(
    ids.length,
    (i) => psp.pay(ids[i].slice(3), { notify: true }),
    settings.concurrency,
  );
  const notifiedSeconds = (performance.now() - started) / 1_000;
  await until(
    `${ids.length} credited`,
    async () => (await credited(database)).total === ids.length,
  );
  const seconds = (performance.now() - started) / 1_000;
  const via = await credited(database);
  console.log(
    `  webhooks: ${ids.length} Pix notified in ${notifiedSeconds.toFixed(2)} s (${(ids.length / notifiedSeconds).toFixed(0)} callbacks/s answered), all credited after ${seconds.toFixed(2)} s (${(ids.length / seconds).toFixed(0)} deposits/s; ${via.WEBHOOK ?? 0} through the webhook, ${via.RECONCILE ?? 0} by the window)`,
  );
  return { count: ids.length, notifiedSeconds, seconds, perSecond: ids.length / seconds, via };
}

/**
 * Every deposit paid with its webhook lost: the time from the last payment until the window
 * credited them all (about one interval plus the lag, then the work), and the window's own work
 * (the span of the credits' record times).
 */
async function measureMissed(database, psp, ids) {
  const before = (await credited(database)).total;
  for (const id of ids) await psp.pay(id.slice(3), { notify: false });
  const paid = performance.now();
  await until(
    `${ids.length} credited by the window`,
    async () => (await credited(database)).total === before + ids.length,
    300_000,
  );
  const seconds = (performance.now() - paid) / 1_000;
  const span = await database.db
    .selectFrom('rail_pix_received')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where('seen_via', '=', 'RECONCILE')
    .executeTakeFirstOrThrow();
  const workSeconds = (Number(span.last) - Number(span.first)) / 1_000;
  console.log(
    `  missed webhooks: ${ids.length} Pix never notified, all credited by the reconciliation window ${seconds.toFixed(2)} s after the last was paid (COFRE_PIX_RECONCILE_INTERVAL_MS ${settings.reconcileMs}); the window's work from its first credit to its last: ${workSeconds.toFixed(2)} s (${(ids.length / Math.max(workSeconds, 0.001)).toFixed(0)}/s)`,
  );
  return { count: ids.length, seconds, workSeconds, reconcileIntervalMs: settings.reconcileMs };
}

function client(base, token) {
  const call = async (path, { method = 'GET', body, admin = false } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${admin ? ADMIN_TOKEN : token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    async activeBrlAccount() {
      const account = await call('/v1/accounts', {
        method: 'POST',
        body: { type: 'CHECKING', assets: ['BRL'] },
      });
      await call(`/admin/v1/accounts/${account.id}/assets/BRL/activate`, {
        method: 'POST',
        admin: true,
      });
      return account.id;
    },
    async deposit(accountId, amount) {
      const operation = await call('/v1/operations/deposit', {
        method: 'POST',
        body: { accountId, asset: 'BRL', amount },
      });
      return operation.id;
    },
  };
}

/** Runs `task(i)` for i < n, `width` at a time. */
async function inBatches(n, task, width = 10) {
  const out = [];
  for (let i = 0; i < n; i += width) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => task(i + j)))),
    );
  }
  return out;
}

async function chargesIn(database, status) {
  const row = await database.db
    .selectFrom('rail_pix_charges')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pix credited to their deposit, in total and by how cofre learnt of them. */
async function credited(database) {
  const rows = await database.db
    .selectFrom('rail_pix_received')
    .select(['seen_via', (eb) => eb.fn.countAll().as('n')])
    .where('outcome', '=', 'CREDITED')
    .groupBy('seen_via')
    .execute();
  const via = Object.fromEntries(rows.map((r) => [r.seen_via, Number(r.n)]));
  return { ...via, total: rows.reduce((sum, r) => sum + Number(r.n), 0) };
}

/** Polls `check` every 10 ms until true (2 minutes by default: a stuck rail fails the bench). */
async function until(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
