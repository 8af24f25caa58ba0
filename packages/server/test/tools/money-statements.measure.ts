import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS, postWithdrawal } from '../helpers/operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary } from '../helpers/world.js';

/**
 * Not a test: a measurement (issue 17 points 2 and 3). The SQL statements one withdrawal request
 * and one swap (its quote, then the swap) run, counted at Kysely's executor of the app's own
 * database handle (every statement a repository runs passes there; BEGIN and COMMIT do not, so
 * each transaction adds two more). Set-up is not counted. Run with
 *   TEST_DATABASE_URL=… npx vitest run --config packages/server/test/tools/vitest.tools.config.ts money-statements
 * and COFRE_MEASURE_SQL=1 to print the statements themselves.
 */
describe.each(ENGINES)('statements per money request on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  let log: string[] | undefined;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    // Kysely's log hook is fixed at construction; the executor's prototype is shared by every
    // executor of the handle, transactions included.
    const proto = Object.getPrototypeOf(t.handle.db.getExecutor()) as {
      executeQuery(q: CompiledQuery, id: unknown): Promise<unknown>;
    };
    const original = proto.executeQuery;
    proto.executeQuery = function (this: unknown, q: CompiledQuery, id: unknown) {
      log?.push(q.sql.replace(/\s+/g, ' ').slice(0, 160));
      return original.call(this, q, id);
    };
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
