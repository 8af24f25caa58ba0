import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { STEP_MS } from '../helpers/operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary } from '../helpers/world.js';

/**
 * Not a test: a measurement (issue 28 point 8). The process's CPU time per withdrawal, as
 * bench:money sends them (a fresh Idempotency-Key each, one account and instruction, 50 at a
 * time), through `app.inject` in this process, so no load generator shares the cores and another
 * process's load moves the figure less than bench:money's. Run with
 *   npx vitest run --config packages/server/test/tools/vitest.tools.config.ts withdrawal-cpu
 * (MEASURE_WITHDRAWALS: how many, default 3000; the first 500 warm up and are not counted).
 */
describe.each(ENGINES)('CPU per withdrawal on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
  });
  afterAll(() => t.close());

  it('measures', { timeout: 600_000 }, async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, {
      fund: { asset: 'BRL', amount: '1000000.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const one = async () => {
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/operations/withdrawal',
        payload: { accountId, asset: 'BRL', amount: '0.01', beneficiary: to },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const run = async (count: number) => {
      let left = count;
      const loop = async () => {
        while (left-- > 0) await one();
      };
      await Promise.all(Array.from({ length: 50 }, loop));
    };
    const total = Number(process.env.MEASURE_WITHDRAWALS ?? 3000);
    await run(500);
    const started = performance.now();
    const cpu = process.cpuUsage();
    await run(total - 500);
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    const n = total - 500;
    console.log(
      `${engine}: ${((used.user + used.system) / n).toFixed(0)} µs CPU per withdrawal (process), ${(n / seconds).toFixed(0)}/s in this process`,
    );
  });
});
