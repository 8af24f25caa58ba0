import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { issueToken } from '../cofre-api.mjs';
import { cpuSeconds } from '../cpu-time.mjs';
import { COFRE_NODE_ARGS, spawnServer } from '../servers.mjs';
import {
  newCustomer,
  openDatabase,
  postgresProcesses,
  startEngine,
} from '../webhooks/databases.mjs';
import { expectStatus, requestJson } from '../webhooks/http.mjs';
import { metadataQuery, readLimits, seededMetadata } from './limits.mjs';
import { seedHeavyAccounts } from './seed.mjs';

/** A's requests a minute: never reached (the bench sends at most a few hundred a second). */
const HEAVY_RATE_LIMIT = 100_000_000;

/**
 * Settings of the measured `cofre serve`: the server's defaults (the per-client rate limit
 * included: B has it; A's client has a limit of its own, see startFixture), loopback only, quiet logs; any COFRE_ variable set
 * for the bench is passed on (COFRE_DATABASE_POOL_SIZE=20 npm run bench:neighbour), and recorded.
 */
export function serverSettings() {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key.startsWith('COFRE_') && key !== 'COFRE_DATABASE_URL',
    ),
  );
}

/**
 * One engine's fixture: a fresh database, one `cofre serve` (API and worker in one process, as
 * `cofre serve` runs), and two customers made as an integrator would have them:
 * - A, heavy: `heavyAccounts` accounts seeded straight into the database with the most metadata
 *   pairs a body may carry (limits.mjs), `maximalAccounts` newer ones with every pair at its
 *   longest (the deep walks' first pages are theirs), `heavyOperations` deposits through the API with the same kind
 *   of metadata (settled by the sandbox), an ACTIVE account to deposit to, and listen
 *   subscriptions for an event it never makes (its streams are held open, never fed);
 * - B, ordinary: an ACTIVE BRL + USDT account funded through a deposit, and `ordinaryAccounts`
 *   more accounts with a little metadata.
 * Every request kind either customer sends is tried once here, so a bench that no longer fits
 * the API fails before it measures anything.
 */
export async function startFixture(engine, settings) {
  const engineCtx = await startEngine(engine);
  const database = await openDatabase(await engineCtx.newDatabase('neighbour'));
  const postgres = await postgresProcesses(database);
  const a = await newCustomer(database.db, 'Customer A (heavy)');
  const b = await newCustomer(database.db, 'Customer B (ordinary)');
  // A's client has a limit of its own far above what A sends (the back-office's `rateLimit`, as
  // for a large integrator): at 6,000 a minute, A's deep walks ran out of it within a 30 s
  // window, paused on Retry-After, and left the next phase's streams refused as well. The phases
  // measure the per-customer isolation, not the rate limit.
  await database.db
    .updateTable('api_clients')
    .set({ rate_limit: HEAVY_RATE_LIMIT })
    .where('id', '=', a.clientId)
    .execute();
  const server = spawnServer(
    'cofre-role.mjs',
    {
      BENCH_ROLE: 'all',
      COFRE_DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: '0',
      COFRE_LOG_LEVEL: 'warn',
      COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
      ...serverSettings(),
    },
    {
      name: `cofre serve (${engine})`,
      // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (to see
      // which of A's work holds the event loop; NODE_OPTIONS cannot carry --cpu-prof).
      // BENCH_SERVER_NODE_ARGS: more node options for the server (e.g. `--trace-gc`, whose
      // lines are passed on to stderr with the server's name; a V8 option given twice takes the
      // later value, so `--max-semi-space-size=16` measures Node's default young generation).
      execArgv: [
        ...COFRE_NODE_ARGS,
        ...(process.env.BENCH_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
        ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ],
    },
  );
  const base = await server.url;
  const documented = await readLimits(base);
  // BENCH_FILTER_PAIRS: fewer pairs than documented, to see what a lower maximum would give.
  const limits = {
    ...documented,
    filterPairs: Math.min(settings.filterPairs ?? Infinity, documented.filterPairs),
    documentedFilterPairs: documented.filterPairs,
  };

  const started = performance.now();
  const heavyIds = await seedHeavyAccounts(database, {
    customerId: a.customerId,
    count: settings.heavyAccounts,
    pairs: limits.metadataPairs,
    keyChars: limits.keyChars,
    maximal: { count: settings.maximalAccounts, limits },
    startMs: Date.now() - settings.heavyAccounts - settings.maximalAccounts - 120_000,
  });
  const seededSeconds = (performance.now() - started) / 1_000;

  const aAuth = { authorization: `Bearer ${await issueToken(base, a)}` };
  const bAuth = { authorization: `Bearer ${await issueToken(base, b)}` };
  const call = async (auth, method, path, body, status) =>
    (await expectStatus(`${base}${path}`, { method, headers: auth, body }, status)).body;

  // A: an account to deposit to, its deposits (metadata like its accounts'), listen subscriptions.
  const aAccount = await call(aAuth, 'POST', '/v1/accounts', { type: 'CHECKING' }, 201);
  const bAccount = await call(
    bAuth,
    'POST',
    '/v1/accounts',
    { type: 'CHECKING', assets: ['BRL', 'USDT'], name: 'B main' },
    201,
  );
  await until('both accounts ACTIVE', async () => {
    const [x, y] = await Promise.all([
      call(aAuth, 'GET', `/v1/accounts/${aAccount.id}`, undefined, 200),
      call(bAuth, 'GET', `/v1/accounts/${bAccount.id}`, undefined, 200),
    ]);
    return x.status === 'ACTIVE' && y.status === 'ACTIVE';
  });
  await inParallel(settings.heavyOperations, 8, (i) =>
    call(
      aAuth,
      'POST',
      '/v1/operations/deposit',
      {
        accountId: aAccount.id,
        asset: 'BRL',
        amount: '100.00',
        metadata: seededMetadata(i, limits.metadataPairs, limits.keyChars),
      },
      201,
    ),
  );
  const listenSubscriptions = [];
  const listenRefusals = {};
  for (let i = 0; i < settings.listenSubscriptions; i++) {
    const response = await requestJson(`${base}/v1/listen`, {
      method: 'POST',
      headers: aAuth,
      // An event A never causes: its streams are held open, never fed.
      body: { events: ['BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'] },
    });
    if (response.status === 201) listenSubscriptions.push(response.body.id);
    else listenRefusals[response.status] = (listenRefusals[response.status] ?? 0) + 1;
  }
  if (listenSubscriptions.length === 0) {
    throw new Error(`no listen subscription for A: ${JSON.stringify(listenRefusals)}`);
  }

  // B: its account funded, and a few more accounts with a little metadata.
  const funding = await call(
    bAuth,
    'POST',
    '/v1/operations/deposit',
    { accountId: bAccount.id, asset: 'BRL', amount: '1000000.00' },
    201,
  );
  await inParallel(settings.ordinaryAccounts, 4, (i) =>
    call(
      bAuth,
      'POST',
      '/v1/accounts',
      { type: i % 2 ? 'SAVING' : 'CHECKING', metadata: { customerRef: `B-${i}` } },
      201,
    ),
  );
  await until(
    "B's funding COMPLETED",
    async () =>
      (await call(bAuth, 'GET', `/v1/operations/${funding.id}`, undefined, 200)).status ===
      'COMPLETED',
  );

  const fixture = {
    engine,
    databaseServer: engineCtx.server,
    database,
    postgres,
    server,
    base,
    limits,
    seededSeconds,
    heavy: {
      token: aAuth.authorization.slice(7),
      accounts: settings.heavyAccounts,
      maximalAccounts: settings.maximalAccounts,
      operations: settings.heavyOperations,
      depositAccountId: aAccount.id,
      listenSubscriptions,
      listenRefusals,
    },
    ordinary: { token: bAuth.authorization.slice(7), accountId: bAccount.id },
    /**
     * After seeding and after each phase: waits until the sandbox's jobs due in the next few
     * seconds have run and the server is calm again. Resolves with the seconds it took.
     */
    async settle() {
      const started = performance.now();
      await settleJobs(database.db);
      await calm(server.child.pid);
      return (performance.now() - started) / 1_000;
    },
  };
  await fixture.settle();
  await checkRequests(fixture, heavyIds, aAuth);
  return fixture;
}

/** One filter, one first page, one stream: each answered as the load expects. */
async function checkRequests(fixture, heavyIds, aAuth) {
  await openOneStream(
    `${fixture.base}/v1/listen/${fixture.heavy.listenSubscriptions[0]}/stream`,
    aAuth,
  );
  const { base, limits, heavy } = fixture;
  const target = Math.floor(heavy.accounts / 2);
  const filter = seededMetadata(target, limits.filterPairs, limits.keyChars);
  // A filtered page may come back short, even empty, with a cursor onward (a read that stopped
  // examining before the end): followed as a client would, until the account or the end.
  const found = [];
  let cursor;
  for (let pages = 0; pages < 10_000; pages++) {
    const { body: page } = await expectStatus(
      `${base}/v1/accounts?limit=${limits.pageLimit}&${metadataQuery(filter)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers: aAuth },
      200,
    );
    found.push(...page.data.map((account) => account.id));
    cursor = page.meta.nextCursor;
    if (found.includes(heavyIds[target]) || !cursor) break;
  }
  if (!found.includes(heavyIds[target])) {
    throw new Error(`the ${limits.filterPairs}-pair filter did not find account #${target}`);
  }
  const { body: first } = await expectStatus(
    `${base}/v1/accounts?limit=${limits.pageLimit}`,
    { headers: aAuth },
    200,
  );
  // Full, or cut short by weight where the maximal accounts are (docs/api.md "Pagination"):
  // never empty, and with a cursor onward either way.
  const expected =
    heavy.maximalAccounts > 0
      ? first.data.length > 0
      : first.data.length === Math.min(limits.pageLimit, heavy.accounts + 1);
  if (!expected || !first.meta.nextCursor) {
    throw new Error(`A's first page has ${first.data.length} accounts`);
  }
}

/** A listen stream opens (200, then its `ready` event) on the quiet server; then it is closed. */
function openOneStream(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false });
    req.setTimeout(10_000, () => req.destroy(new Error(`${url}: no ready event within 10 s`)));
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url}: ${res.statusCode}`));
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
        if (!text.includes('event: ready')) return;
        req.destroy();
        resolve();
      });
    });
    req.end();
  });
}

/** Waits until no job is due within the next 6 s (the sandbox's steps of what just happened). */
async function settleJobs(db, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { n } = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('run_at', '<=', Date.now() + 6_000)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) === 0) return;
    await sleep(250);
  }
  throw new Error(`jobs still due after ${timeoutMs / 1_000} s`);
}

/**
 * Waits until the server used under a fifth of a core over the last second (its listen streams
 * gone, its backlog answered), for at most `timeoutMs`; a server still busy then is measured so.
 */
async function calm(pid, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = cpuSeconds(pid);
    await sleep(1_000);
    if (cpuSeconds(pid) - before < 0.2) return;
  }
}

async function inParallel(count, width, work) {
  let next = 0;
  const lane = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, lane));
}

async function until(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`bench fixture: ${what} did not happen within ${timeoutMs / 1_000} s`);
}
