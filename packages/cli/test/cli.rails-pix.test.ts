import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/src/lib/clock.js';
import { spiDayOf } from '../../server/src/rails/pix/report/spi-day.js';
import { startFakePsp, type FakePsp } from '../../server/test/helpers/pix/fake-psp.js';
import {
  activeBrlAccount,
  listeningOrigin,
  pixRailEnv,
  requestBrlDeposit,
  settle,
  startRails,
  txidOf,
} from '../../server/test/helpers/pix/pix-rail-world.js';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

// Issue 26, point 6: `cofre rails reconcile --rail pix [--day YYYY-MM-DD]` runs the PIX rail's
// daily report with the server's configuration (its own connection to the PSP), prints the
// differences by endToEndId, and exits 0 when the day matches, 1 on a difference, 2 when it
// could not compare.
describe.each(ENGINES)('cofre rails reconcile --rail pix on %s', (engine) => {
  // The command reads the system clock and reports days that have ended: the app lives
  // yesterday (noon in Brasília), so its Pix belong to a day that is over.
  const yesterday = spiDayOf(Date.now()).start - 12 * 3_600_000;
  const day = spiDayOf(yesterday).day;
  const clock = new ManualClock(yesterday);
  let psp: FakePsp | undefined;
  let t: TestApp | undefined;
  let env: Record<string, string>;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    psp = await startFakePsp({ clock });
    t = await createTestApp(engine, { clock, env: pixRailEnv(psp) });
    psp.callbackTo(await listeningOrigin(t));
    env = { ...pixRailEnv(psp), COFRE_DATABASE_URL: t.database.url, COFRE_LOG_LEVEL: 'silent' };
    await startRails(t);
    token = (await t.customer('CLI PIX customer')).token;
    accountId = await activeBrlAccount(t, token);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await psp?.close();
  });
  afterEach(() => expect(psp!.violations()).toEqual([]));

  const paid = async (amount: string, notify: boolean) => {
    const deposit = await requestBrlDeposit(t!, token, accountId, amount);
    await settle(t!, clock);
    const e2eid = await psp!.pay(txidOf(deposit.id), { notify });
    // A lost webhook is left before the reconciliation window's next run.
    if (notify) await settle(t!, clock);
    return e2eid;
  };

  it('prints a matched day and exits 0, then a Pix cofre never recorded by its endToEndId and exits 1', async () => {
    await paid('15.00', true);
    const clean = await cofre(['rails', 'reconcile', '--rail', 'pix', '--day', day, '--json'], env);
    expect(clean.err).toEqual([]);
    expect(clean.code).toBe(0);
    const [report] = JSON.parse(clean.out[0]!) as {
      rail: string;
      outcome: string;
      pix: { day: string; psp: { received: string } };
    }[];
    expect(report).toMatchObject({
      rail: 'pix',
      outcome: 'MATCHED',
      pix: { day, psp: { received: '15.00' } },
    });

    const lost = await paid('7.50', false);
    const different = await cofre(['rails', 'reconcile', '--rail', 'pix', '--day', day], env);
    expect(different.code).toBe(1);
    expect(different.out[0]).toMatch(
      new RegExp(`^pix {2}reconciliation rec_\\S+ {2}\\S+ {2}DIFFERENT {2}day ${day}$`),
    );
    expect(different.out[1]).toContain('psp: 2 Pix received=22.50');
    expect(different.out).toContainEqual(
      expect.stringMatching(
        new RegExp(`^ {2}IN_PSP_NOT_IN_LEDGER {2}${lost} {2}psp=7.50 {2}ledger=-`),
      ),
    );
  });

  it('exits 2 when the PSP does not answer', async () => {
    await psp!.down();
    try {
      const run = await cofre(['rails', 'reconcile', '--rail', 'pix', '--day', day], env);
      expect(run.code).toBe(2);
      expect(run.out[0]).toMatch(new RegExp(`NOT_COMPARED: ${day}: the PSP failed`));
    } finally {
      await psp!.up();
    }
  });

  it('refuses a day that is not a date and a rail that is not configured', async () => {
    const badDay = await cofre(['rails', 'reconcile', '--rail', 'pix', '--day', '2026-02-30'], env);
    expect(badDay.code).toBe(2);
    expect(badDay.err[0]).toMatch(/--day 2026-02-30: not a date/);
    const badRail = await cofre(['rails', 'reconcile', '--rail', 'evm:ETHEREUM'], env);
    expect(badRail.code).toBe(2);
    expect(badRail.err[0]).toMatch(/no such rail is configured \(configured: pix\)/);
  });
});
