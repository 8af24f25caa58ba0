import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb, type DbHandle } from '../../src/db/create-db.js';
import { createCustomerWithClient } from '../../src/modules/customers/customers.service.js';
import { systemClock } from '../../src/lib/clock.js';
import {
  killAllCofreProcesses,
  startCofreProcess,
  stopCofreProcess,
  type CofreProcess,
  type LogLine,
} from '../helpers/cofre-process.js';
import { terminateLockWaiter } from '../helpers/lock-waiter.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { createTestApp } from '../helpers/test-app.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';
import { waitFor, waitUntil } from '../helpers/wait-for.js';

const listeningUrl = (line: LogLine) =>
  typeof line.msg === 'string' && line.msg.startsWith('Server listening at ')
    ? line.msg.slice('Server listening at '.length)
    : undefined;

/**
 * Real processes on PostgreSQL, through a TCP proxy the test controls: the database going away
 * is an outage the process rides out, never a crash (issue 14, point 2).
 */
describe.skipIf(!ENGINES.includes('postgres'))('cofre processes when PostgreSQL goes away', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let direct: pg.Client;

  const env = () => ({
    COFRE_DATABASE_URL: proxy.via(database.url),
    PORT: '0',
    COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
    COFRE_DATABASE_CONNECT_TIMEOUT_MS: '1000',
    // Every request reads its client's state, so each one meets the outage.
    COFRE_CLIENT_CACHE_TTL_MS: '0',
  });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port));
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  });
  afterEach(async () => {
    await killAllCofreProcesses();
    await proxy.restore();
  });
  afterAll(async () => {
    await killAllCofreProcesses();
    await direct?.end();
    await proxy?.close();
    await database?.drop();
  });

  it('cofre serve survives a backend terminated mid-transaction and a database outage, and serves again without a restart', async () => {
    const serve = await startCofreProcess('serve', env(), (line) =>
      line.msg === 'worker started' ? true : undefined,
    );
    const base = serve.lines().map(listeningUrl).find(Boolean)!;
    let handle: DbHandle | undefined;
    let token: string;
    try {
      handle = createDb(loadConfig({ COFRE_DATABASE_URL: database.url }).database);
      const client = await createCustomerWithClient(
        handle.db,
        { name: 'Outage customer', environment: 'sandbox' },
        systemClock,
      );
      const res = await fetch(`${base}/v1/oauth/client/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: client.clientId, clientSecret: client.clientSecret }),
      });
      token = ((await res.json()) as { accessToken: string }).accessToken;
    } finally {
      await handle?.destroy();
    }
    const call = async (method: 'GET' | 'POST') => {
      const res = await fetch(`${base}/v1/accounts`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify({ type: 'CHECKING' }) } : {}),
      });
      return {
        status: res.status,
        body: await res.text(),
        retryAfter: res.headers.get('retry-after'),
      };
    };
    const accounts = async () =>
      Number((await direct.query<{ n: string }>('select count(*) as n from accounts')).rows[0]!.n);

    // 1. The backend of a request inside its transaction is terminated (failover, pooler, DBA).
    const before = await accounts();
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE events IN EXCLUSIVE MODE');
    const pending = call('POST');
    await terminateLockWaiter(direct, 'the request to wait inside its transaction');
    await locker.end();
    const cut = await pending;
    expect(cut.status, cut.body).toBe(503);
    expect(JSON.parse(cut.body)).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(cut.retryAfter).toBe('2');
    expect(await accounts()).toBe(before);
    expect((await call('POST')).status).toBe(201);

    // 2. Every connection of the database is terminated at once (the LISTEN one included).
    await direct.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await waitUntil('a success after the terminations', async () =>
      (await call('GET')).status === 200 ? true : undefined,
    );
    const said = (msg: string) => serve.lines().filter((l) => l.msg === msg).length;
    const LOST = 'job listener lost the database; reconnecting with backoff (polling meanwhile)';
    const BACK = 'job listener reconnected';
    await waitFor('the job listener to reconnect', () => (said(BACK) === 1 ? true : undefined));

    // 3. The database is down: connections cut, new ones refused.
    await proxy.refuse();
    const down = await call('GET');
    expect(down.status, down.body).toBe(503);
    expect(JSON.parse(down.body)).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect((await call('POST')).status).toBe(503);
    await proxy.restore();
    await waitUntil('a success after the outage', async () =>
      (await call('POST')).status === 201 ? true : undefined,
    );
    await waitFor('the job listener to reconnect again', () =>
      said(BACK) === 2 ? true : undefined,
    );

    expect(serve.child.exitCode).toBeNull();
    // One line when the listener loses the database and one when it is back, per outage,
    // however many reconnects it tried in between.
    expect(said(LOST)).toBe(2);
    expect(await stopCofreProcess(serve)).toEqual({ code: 0, signal: null });
  });

  it('cofre worker survives its claim being terminated and a database outage, and runs jobs afterwards', async () => {
    const worker = await startCofreProcess(
      'worker',
      { ...env(), COFRE_SANDBOX_STEP_DELAY_MS: '50', COFRE_WORKER_POLL_MS: '100' },
      (line) => (line.msg === 'worker started' ? true : undefined),
    );
    const said = (msg: string) => worker.lines().filter((l) => l.msg === msg).length;

    // The claim is one statement in a transaction of its own: make it wait, then terminate it.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE jobs IN EXCLUSIVE MODE');
    await terminateLockWaiter(direct, 'the claim to wait on the lock');
    await locker.end();

    await proxy.refuse();
    await waitFor('the listener to notice', () =>
      said('job listener lost the database; reconnecting with backoff (polling meanwhile)') > 0
        ? true
        : undefined,
    );
    await proxy.restore();
    await waitFor('the listener to come back', () =>
      said('job listener reconnected') > 0 ? true : undefined,
    );

    // An account opened through an API on the same database is activated by this worker.
    const api = await createTestApp('postgres', {
      database: { url: database.url, drop: async () => {} },
    });
    try {
      const { token } = await api.customer();
      const opened = await api.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING' },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const id = opened.json<{ id: string }>().id;
      await waitUntil('the worker to activate the account', async () => {
        const { rows } = await direct.query<{ status: string }>(
          'select status from accounts where id = $1',
          [id],
        );
        return rows[0]?.status === 'ACTIVE' ? true : undefined;
      });
    } finally {
      await api.close();
    }
    expect(worker.child.exitCode).toBeNull();
    expect(await stopCofreProcess(worker)).toEqual({ code: 0, signal: null });
  });

  it('cofre api started while the database is down waits for it, logging, and serves once it is up', async () => {
    await proxy.refuse();
    const api: CofreProcess = await startCofreProcess('api', env(), (line) =>
      line.msg === 'database not reachable yet; waiting' ? true : undefined,
    );
    await proxy.restore();
    const base = await waitFor('the api to listen', () =>
      api.lines().map(listeningUrl).find(Boolean),
    );
    expect(api.lines().some((l) => l.msg === 'database reachable')).toBe(true);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(await stopCofreProcess(api)).toEqual({ code: 0, signal: null });
  });

  it('a SIGTERM while start-up waits for the database ends the wait at once, exit 0, nothing started', async () => {
    await proxy.refuse();
    const api = await startCofreProcess(
      'api',
      // Long enough that only the signal can end the wait within the helper's 10 s.
      { ...env(), COFRE_DATABASE_STARTUP_TIMEOUT_MS: '600000' },
      (line) => (line.msg === 'database not reachable yet; waiting' ? true : undefined),
    );
    expect(await stopCofreProcess(api)).toEqual({ code: 0, signal: null });
    expect(api.lines().some((l) => listeningUrl(l) !== undefined)).toBe(false);
  });

  it('cofre api gives up after COFRE_DATABASE_STARTUP_TIMEOUT_MS and says why', async () => {
    await proxy.refuse();
    const api = await startCofreProcess(
      'api',
      { ...env(), COFRE_DATABASE_STARTUP_TIMEOUT_MS: '1000' },
      (line) => (line.msg === 'database not reachable yet; waiting' ? true : undefined),
    );
    const exit = await api.exited;
    expect(exit.code).not.toBe(0);
    expect(api.stderr()).toContain('COFRE_DATABASE_STARTUP_TIMEOUT_MS');
  });
});
