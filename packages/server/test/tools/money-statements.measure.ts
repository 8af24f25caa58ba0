import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import pg from 'pg';
import { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS, postWithdrawal } from '../helpers/operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary } from '../helpers/world.js';

/**
 * Not a test: a measurement (issue 17 points 2 and 3, issue 28 point 8). The SQL statements one
 * withdrawal request and one swap (its quote, then the swap) run, counted at the drivers
 * (better-sqlite3's statements, pg's client): every statement, BEGIN and COMMIT included, and
 * the hot ones (db/hot-reads.ts) that pass below Kysely. Set-up is not counted; neither is the
 * rate limiter's periodic flush (not the request's). Run with
 *   TEST_DATABASE_URL=… npx vitest run --config packages/server/test/tools/vitest.tools.config.ts money-statements
 * and COFRE_MEASURE_SQL=1 to print the statements themselves.
 */
const require = createRequire(import.meta.url);

describe.each(ENGINES)('statements per money request on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  let log: string[] | undefined;
  const record = (sql: unknown) => {
    if (log === undefined || typeof sql !== 'string' || sql.includes('rate_limit_counts')) return;
    log.push(sql.replace(/\s+/g, ' ').trim().slice(0, 160));
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    if (engine === 'sqlite') {
      // Every statement object shares one prototype: a probe's is theirs.
      const SQLite = require('better-sqlite3') as new (file: string) => {
        prepare(sql: string): object;
        close(): void;
      };
      const probe = new SQLite(':memory:');
      const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
        string,
        (this: { source: string }, ...args: unknown[]) => unknown
      >;
      probe.close();
      for (const method of ['run', 'all', 'get', 'iterate']) {
        const original = proto[method]!;
        proto[method] = function (this: { source: string }, ...args: unknown[]) {
          record(this.source);
          return original.apply(this, args);
        };
      }
    } else {
      const proto = pg.Client.prototype as unknown as {
        query: (this: unknown, ...args: unknown[]) => unknown;
      };
      const original = proto.query;
      proto.query = function (this: unknown, ...args: unknown[]) {
        const [first] = args;
        record(typeof first === 'string' ? first : (first as { text?: string } | null)?.text);
        return original.apply(this, args);
      };
    }
  });
  afterAll(() => t.close());

  const measured = async (what: string, run: () => Promise<void>) => {
    log = [];
    await run();
    const statements = log;
    log = undefined;
    console.log(`${engine} ${what}: ${statements.length} statements`);
    if (process.env.COFRE_MEASURE_SQL) console.log(statements.map((s) => `  ${s}`).join('\n'));
    return statements.length;
  };

  it('counts one withdrawal and one swap (quote + swap)', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    // A first one outside the count: caches warm up (prepared statements, signing keys).
    const warm = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      beneficiary: to,
    });
    expect(warm.statusCode, warm.body).toBe(201);
    await measured('withdrawal', async () => {
      // As bench:money sends it: with an Idempotency-Key.
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/operations/withdrawal',
        payload: { accountId, asset: 'BRL', amount: '1.00', beneficiary: to },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    const swap = async () => {
      const quote = await t.as(token, {
        method: 'POST',
        url: '/v1/quotes',
        payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1.00' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(quote.statusCode, quote.body).toBe(201);
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/operations/swap',
        payload: { accountId, quoteId: quote.json<{ id: string }>().id },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await swap();
    await measured('swap (quote + swap)', swap);
  });
});
