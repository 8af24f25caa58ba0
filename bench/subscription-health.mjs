// GET /v1/subscriptions/{id}/health on PostgreSQL for a subscription with 100,000 messages and
// 100,000 execution logs (docs/webhooks.md "Delivery health"): latency of the endpoint (in
// process, app.inject) and EXPLAIN ANALYZE of its two reads, in two shapes: a long history
// (98% delivered, 1% failed, 1% pending) and a backlog (every message pending). Also times the
// migration's backfill of subscription_health over the same data.
// BENCH_SMOKE=1: 500 messages and 20 calls per shape, and the health figures are checked against
// the seeded counts (the test suite runs it).
//   npm run build && BENCH_DATABASE_URL=postgres://… node bench/subscription-health.mjs
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  buildApp,
  createCustomerWithClient,
  createDb,
  loadConfig,
  loadKeys,
  migrateToLatest,
  newId,
  systemClock,
} from '@cofre/server';
import { backfillSubscriptionHealth } from '@cofre/server/internals';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  console.error(
    'Set BENCH_DATABASE_URL (or TEST_DATABASE_URL): an admin URL of a PostgreSQL server.',
  );
  process.exit(2);
}
const smoke = process.env.BENCH_SMOKE === '1';
const N = Number(process.env.BENCH_MESSAGES ?? (smoke ? 500 : 100_000));
const CALLS = smoke ? 20 : 300;

const name = `cofre_bench_health_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const config = loadConfig({ COFRE_DATABASE_URL: url.toString(), COFRE_LOG_LEVEL: 'silent' });
const handle = createDb(config.database);
const client = new pg.Client({ connectionString: url.toString() });
try {
  await migrateToLatest(handle.db);
  await client.connect();
  const keys = await loadKeys(handle.db, config, Date.now());
  const credentials = await createCustomerWithClient(
    handle.db,
    { name: 'bench', environment: config.environment },
    systemClock,
  );
  const app = await buildApp({
    config,
    db: handle.db,
    engine: 'postgres',
    clock: systemClock,
    keys,
  });
  await app.ready();
  const token = (
    await app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
    })
  ).json().accessToken;
  // Inserted directly: the URL policy would resolve the host, and this machine may have no DNS.
  const sub = { id: newId('subscription', Date.now()) };
  await client.query(
    `INSERT INTO subscriptions (id, customer_id, client_id, url, include_all, resources, allow_retry, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'https://example.com/hooks', 1, '[]', 1, 'ACTIVE', $4, $4)`,
    [sub.id, credentials.customerId, credentials.clientId, Date.now()],
  );

  const seed = async (statusOf) => {
    await client.query('TRUNCATE execution_logs, messages, events');
    const t0 = Date.now();
    await client.query(
      `INSERT INTO events (id, customer_id, type, resource, resource_id, payload, created_at)
       SELECT 'event_' || lpad(i::text, 10, '0'), $1, 'ACCOUNT_CREATED', 'ACCOUNT', 'acc_x', '{}', 1700000000000 + i
       FROM generate_series(1, $2) i`,
      [credentials.customerId, N],
    );
    await client.query(
      `INSERT INTO messages (id, customer_id, subscription_id, event_id, event_type, headers, status, attempts, sequence, created_at, updated_at)
       SELECT 'msg_' || lpad(i::text, 10, '0'), $1, $2, 'event_' || lpad(i::text, 10, '0'), 'ACCOUNT_CREATED', '{}',
              ${statusOf}, 1, i, 1700000000000 + i, 1700000000000 + i
       FROM generate_series(1, $3) i`,
      [credentials.customerId, sub.id, N],
    );
    await client.query(
      `INSERT INTO execution_logs (id, customer_id, subscription_id, message_id, event_id, event_type, url, http_status, error, duration_ms, retry_attempts, trigger, status, created_at)
       SELECT 'log_' || lpad(i::text, 10, '0'), $1, $2, 'msg_' || lpad(i::text, 10, '0'), 'event_' || lpad(i::text, 10, '0'),
              'ACCOUNT_CREATED', 'https://example.com/hooks', CASE WHEN i % 50 = 0 THEN 500 ELSE 200 END,
              CASE WHEN i % 50 = 0 THEN 'The endpoint answered 500.' END, 12, 0, 'AUTOMATIC',
              CASE WHEN i % 50 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 1700000000000 + i
       FROM generate_series(1, $3) i`,
      [credentials.customerId, sub.id, N],
    );
    await client.query('ANALYZE');
    // The migration's backfill over this data (delete the row first, run its statement again).
    await client.query('DELETE FROM subscription_health');
    const b0 = Date.now();
    await backfillSubscriptionHealth(handle.db);
    return { seedMs: b0 - t0, backfillMs: Date.now() - b0 };
  };

  /** p50 and p99 of CALLS GETs of `path`, and the last body. */
  const timeGets = async (path) => {
    const times = [];
    let body;
    for (let i = 0; i < CALLS; i++) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 200) throw new Error(res.body);
      body = res.json();
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.floor(CALLS * q)].toFixed(2);
    return { p50: at(0.5), p99: at(0.99), body };
  };

  const measure = async (shape, statusOf, expected) => {
    const { seedMs, backfillMs } = await seed(statusOf);
    // The plain GET of the subscription (same auth and lookup) and the health, taking turns.
    const plain = await timeGets(`/v1/subscriptions/${sub.id}`);
    const health = await timeGets(`/v1/subscriptions/${sub.id}/health`);
    const body = health.body;
    for (const [field, value] of Object.entries(expected)) {
      if (body[field] !== value) {
        throw new Error(`${shape}: ${field} is ${body[field]}, expected ${value}`);
      }
    }
    const explain = async (sql, params) =>
      (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .filter((l) => /Execution Time|Index|Scan|Heap Fetches/.test(l))
        .map((l) => l.trim());
    const row = {
      shape,
      messages: N,
      logs: N,
      pendingMessages: body.pendingMessages,
      failedMessages: body.failedMessages,
      healthP50Ms: health.p50,
      healthP99Ms: health.p99,
      getSubscriptionP50Ms: plain.p50,
      getSubscriptionP99Ms: plain.p99,
      seedMs,
      backfillMs,
      healthRowPlan: await explain('SELECT * FROM subscription_health WHERE subscription_id = $1', [
        sub.id,
      ]),
      pendingCountPlan: await explain(
        `SELECT count(*) FROM (SELECT id FROM messages WHERE subscription_id = $1 AND status IN ('PENDING', 'HELD') LIMIT 10001) backlog`,
        [sub.id],
      ),
      // What the cap saves.
      uncappedPendingCountPlan: await explain(
        `SELECT count(*) FROM messages WHERE subscription_id = $1 AND status IN ('PENDING', 'HELD')`,
        [sub.id],
      ),
      // What the counters save: the same figures read from the messages and logs.
      naiveFailedCountPlan: await explain(
        `SELECT count(*) FROM messages WHERE subscription_id = $1 AND status = 'FAILED'`,
        [sub.id],
      ),
      naiveLastFailurePlan: await explain(
        `SELECT * FROM execution_logs WHERE subscription_id = $1 AND status = 'FAILED' ORDER BY created_at DESC, id DESC LIMIT 1`,
        [sub.id],
      ),
    };
    console.log(JSON.stringify(row, null, 2));
  };

  await measure(
    'history: 98% delivered, 1% failed, 1% pending',
    `CASE WHEN i % 100 = 0 THEN 'PENDING' WHEN i % 50 = 0 THEN 'FAILED' ELSE 'SUCCEEDED' END`,
    // Every 100th pending, every other 50th failed (the counters the backfill fills).
    {
      failedMessages: Math.floor(N / 50) - Math.floor(N / 100),
      pendingMessages: Math.floor(N / 100),
    },
  );
  // The pending count is capped (10,000, docs/webhooks.md): checked only below the cap.
  await measure(
    'backlog: every message pending',
    `'PENDING'`,
    N <= 10_000 ? { failedMessages: 0, pendingMessages: N } : { failedMessages: 0 },
  );
  await app.close();
} finally {
  await client.end().catch(() => {});
  await handle.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
