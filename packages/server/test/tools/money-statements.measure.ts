import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS, postWithdrawal } from '../helpers/operations.js';
import { DriverStatements } from '../helpers/driver-statements.js';
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
 * and COFRE_MEASURE_SQL=1 to print the statements themselves (COFRE_MEASURE_SQL_CHARS: how much of
 * each, 160 characters by default). The second measurement is bench:neighbour's customer B's
 * requests, one of each.
 */
describe.each(ENGINES)('statements per money request on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  let statements: DriverStatements;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    statements = new DriverStatements(engine);
  });
  afterAll(async () => {
    statements.restore();
    await t.close();
  });

  const measured = async (what: string, run: () => Promise<void>) => {
    const sent = await statements.capture(run);
    console.log(`${engine} ${what}: ${sent.length} statements`);
    if (process.env.COFRE_MEASURE_SQL) {
      const chars = Number(process.env.COFRE_MEASURE_SQL_CHARS ?? 160);
      console.log(sent.map((s) => `  ${s.slice(0, chars)}`).join('\n'));
    }
    return sent.length;
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

  // bench:neighbour's customer B sends these five in turn (bench/lib/neighbour/ordinary.mjs):
  // on PostgreSQL each statement is a round trip whose answer waits for a turn of the loop.
  it("counts bench:neighbour's ordinary mix, each request alone", async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
    const mix = [
      { what: 'GET account', method: 'GET', url: `/v1/accounts/${accountId}` },
      { what: 'list accounts', method: 'GET', url: '/v1/accounts?limit=10' },
      { what: 'list operations', method: 'GET', url: '/v1/operations?limit=10' },
      {
        what: 'POST deposit',
        method: 'POST',
        url: '/v1/operations/deposit',
        payload: { accountId, asset: 'BRL', amount: '10.00' },
      },
      {
        what: 'POST quote',
        method: 'POST',
        url: '/v1/quotes',
        payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1.00' },
      },
    ] as const;
    for (const request of mix) {
      const { what, ...sent } = request;
      // Twice: the first outside the count (prepared statements, caches).
      const res = await t.as(token, sent);
      expect(res.statusCode, res.body).toBeLessThan(300);
      await measured(what, async () => {
        const again = await t.as(token, sent);
        expect(again.statusCode, again.body).toBeLessThan(300);
      });
    }
  });
});
