import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { READY_DEADLINE_MS } from '../../src/plugins/health.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { terminateLockWaiter } from '../helpers/lock-waiter.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';
import { waitFor, waitUntil } from '../helpers/wait-for.js';

/**
 * PostgreSQL going away under a running app (in this process, so an uncaught 'error' event of a
 * pg client would fail the run): the app talks to its database through a TCP proxy the test
 * controls, and the test holds a direct connection to lock, count and terminate backends.
 */
describe.skipIf(!ENGINES.includes('postgres'))('database outages on postgres', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let direct: pg.Client;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port));
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    t = await createTestApp('postgres', {
      database: { url: proxy.via(database.url), drop: () => database.drop() },
      env: {
        // Short deadlines so each case settles in a few seconds.
        COFRE_DATABASE_CONNECT_TIMEOUT_MS: '1000',
        COFRE_DATABASE_QUERY_TIMEOUT_MS: '3000',
        // Every request reads its client's state, so each one meets the outage.
        COFRE_CLIENT_CACHE_TTL_MS: '0',
      },
    });
    token = (await t.customer()).token;
  });

  afterEach(async () => {
    await proxy.restore();
  });

  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await direct?.end();
    await proxy?.close();
    await database?.drop();
  });

  const openAccount = () =>
    t.as(token, { method: 'POST', url: '/v1/accounts', payload: { type: 'CHECKING' } });
  const count = async (table: 'accounts' | 'events' | 'ledger_balances' | 'jobs') => {
    const { rows } = await direct.query<{ n: string }>(`select count(*) as n from ${table}`);
    return Number(rows[0]!.n);
  };
  const expectOutage = (res: LightMyRequestResponse) => {
    const body = expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('2');
    // Nothing internal: no address, port, SQLSTATE or driver message. The request id is ours and
    // random (it may hold any digits), so only the other members are searched.
    const visible = JSON.parse(res.body) as Record<string, unknown>;
    delete visible.requestId;
    expect(JSON.stringify(visible)).not.toMatch(
      /ECONN|127\.0\.0\.1|\b5\d{3}\b|terminat|57P0|timeout exceeded/i,
    );
    return body;
  };

  it('answers 503 to a request whose backend is terminated mid-transaction, writes none of it, and serves the next', async () => {
    const before = {
      accounts: await count('accounts'),
      events: await count('events'),
      balances: await count('ledger_balances'),
      jobs: await count('jobs'),
    };
    // Hold inserts into events: the request inserts its account and balances, then waits here.
    // (A second connection: pg_stat_activity is a snapshot per transaction.)
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE events IN EXCLUSIVE MODE');
    const pending = openAccount();
    await terminateLockWaiter(direct, 'the request to wait on the lock inside its transaction');
    await locker.end();

    expectOutage(await pending);
    expect({
      accounts: await count('accounts'),
      events: await count('events'),
      balances: await count('ledger_balances'),
      jobs: await count('jobs'),
    }).toEqual(before);

    const next = await openAccount();
    expect(next.statusCode, next.body).toBe(201);
    expect(await count('accounts')).toBe(before.accounts + 1);
    expect(await count('events')).toBe(before.events + 1);
  });

  it('answers 503 while the database is down under load, and serves again once it is back, without a restart', async () => {
    const answers: { status: number; res: LightMyRequestResponse; sentAt: number }[] = [];
    let running = true;
    const client = async () => {
      for (let i = 0; running; i++) {
        const sentAt = Date.now();
        const res =
          i % 2 === 0
            ? await openAccount()
            : await t.as(token, { method: 'GET', url: '/v1/accounts' });
        answers.push({ status: res.statusCode, res, sentAt });
      }
    };
    const clients = Array.from({ length: 4 }, client);
    let downAt = 0;
    try {
      await waitFor('answers before the outage', () => (answers.length >= 8 ? true : undefined));
      await proxy.refuse(); // connections cut, new ones refused
      downAt = Date.now();
      await waitFor('503s during the outage', () =>
        answers.filter((a) => a.status === 503).length >= 8 ? true : undefined,
      );
      await proxy.restore();
      const upAt = Date.now();
      await waitFor('successes after the database is back', () =>
        answers.filter((a) => a.sentAt > upAt && a.status < 300).length >= 8 ? true : undefined,
      );
    } finally {
      running = false;
      await Promise.all(clients);
    }

    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 201, 503]));
    for (const a of answers.filter((a) => a.status === 503)) expectOutage(a.res);
    expect(answers.some((a) => a.sentAt > downAt && a.status === 503)).toBe(true);

    // Whatever was cut mid-way is all or nothing: every account has its event and balance row.
    const { rows } = await direct.query<{ id: string }>(
      `select a.id from accounts a
        where not exists (select 1 from events e where e.resource_id = a.id)
           or not exists (select 1 from ledger_balances b where b.account_id = a.id)`,
    );
    expect(rows).toEqual([]);
    const created = answers.filter((a) => a.status === 201).length;
    expect(await count('accounts')).toBeGreaterThanOrEqual(created);
  });

  it('answers /readyz 503 naming the database within 2 s while the database is frozen, and 200 after', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    proxy.freeze();

    const started = Date.now();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    const tookMs = Date.now() - started;
    const body = expectOutage(ready);
    expect(body.detail).toContain('database');
    // The probe's own deadline, with room for a loaded machine; not a speed assertion.
    expect(tookMs).toBeGreaterThanOrEqual(READY_DEADLINE_MS - 50);
    expect(tookMs).toBeLessThan(2_000);

    // A request is bounded too (query deadline 3 s here), and gets the same 503.
    expectOutage(await t.as(token, { method: 'GET', url: '/v1/accounts' }));

    await proxy.restore();
    await waitUntil('readiness after the freeze', async () =>
      (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200 ? true : undefined,
    );
    const after = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    expect(after.statusCode, after.body).toBe(200);
  });
});
