import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

/**
 * SQLite has one writer: another process (a second `cofre serve`, the CLI, a backup) holding the
 * write lock past busy_timeout makes a write fail SQLITE_BUSY, which is an outage of the
 * database for that request (503, retry), not a bug (500).
 */
describe.skipIf(!ENGINES.includes('sqlite'))('a busy SQLite database', () => {
  let t: TestApp;
  let token: string;
  let other: SQLite.Database;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { COFRE_DATABASE_BUSY_TIMEOUT_MS: '50' } });
    token = (await t.customer()).token;
    other = new SQLite(t.database.url);
  });

  afterAll(async () => {
    other?.close();
    await t?.close();
  });

  const openAccount = () =>
    t.as(token, { method: 'POST', url: '/v1/accounts', payload: { type: 'CHECKING' } });
  const accounts = () =>
    (other.prepare('select count(*) as n from accounts').get() as { n: number }).n;

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while another connection holds the write lock past busy_timeout, and 201 once it is released', async () => {
    const before = accounts();
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await openAccount();
      expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).not.toMatch(/SQLITE|locked/i);
    } finally {
      other.exec('ROLLBACK');
    }
    expect(accounts()).toBe(before);
    const res = await openAccount();
    expect(res.statusCode, res.body).toBe(201);
    expect(accounts()).toBe(before + 1);
  });

  it("admits a client's first request of a minute on its own count when the limiter cannot publish its claim, then answers the database's 503", async () => {
    // A customer whose first /v1 request comes while the lock is held: the rate limiter reads
    // the others' counts (WAL readers are not blocked) but cannot write its claim.
    const fresh = (await t.customer()).token;
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await t.as(fresh, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING' },
      });
      expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
    } finally {
      other.exec('ROLLBACK');
    }
    const res = await t.as(fresh, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
