import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { operatorRails, type Rail, type RailReconciliation } from '../../src/rails/index.js';
import { apiPixClient } from '../../src/rails/pix/psp/api-pix-client.js';
import { httpsPspTransport } from '../../src/rails/pix/psp/https-psp-transport.js';
import { asAdmin } from '../helpers/admin.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { metricValue, parseExposition } from '../helpers/prometheus.js';

import {
  activeBrlAccount,
  requestBrlDeposit,
  settle,
  txidOf,
  usePixRail,
} from '../helpers/pix/pix-rail-world.js';
import { ENGINES } from '../helpers/test-db.js';
import { type TestApp } from '../helpers/test-app.js';

/** 10:00 in Brasília (UTC−03:00) on `day`. */
const morningOf = (day: string) => Date.parse(`${day}T13:00:00.000Z`);
/** 02:00 in Brasília on the day after `day`: the day is over and its report is due. */
const nightAfter = (day: string) => Date.parse(`${day}T13:00:00.000Z`) + 16 * 3_600_000;

// Issue 26, point 6: per SPI day, what the PSP says was received and refunded against what the
// ledger recorded, differences listed by endToEndId (docs/rails.md "PIX: daily report").
describe.each(ENGINES)('PIX rail daily report on %s', (engine) => {
  const clock = new ManualClock(morningOf('2026-11-20'));
  const { psp, t } = usePixRail(engine, { clock, env: { COFRE_METRICS_CACHE_MS: '0' } });
  let customer: Awaited<ReturnType<TestApp['customer']>>;
  let accountId: string;
  let rail: Rail;

  beforeAll(async () => {
    rail = (await operatorRails(t.config, t.handle, clock)).rails[0]!;
    customer = await t.customer('Reported customer');
    accountId = await activeBrlAccount(t, customer.token);
  });

  const report = (day?: string) =>
    rail.reconcile({ db: t.handle.db, clock }, day === undefined ? {} : { day });
  const paidDeposit = async (amount: string, notify: boolean) => {
    // A token of its own: the days go by faster than a token's lifetime (23 h).
    const token = await t.token(customer);
    const deposit = await requestBrlDeposit(t, token, accountId, amount);
    await settle(t, clock);
    return psp.pay(txidOf(deposit.id), { notify });
  };
  const stored = (id: string) =>
    t.handle.db
      .selectFrom('rail_reconciliations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();

  it('matches a day whose every Pix was credited, with its totals, by itself once the day is over', async () => {
    await paidDeposit('40.00', true);
    await paidDeposit('12.34', true);
    await settle(t, clock);
    clock.set(nightAfter('2026-11-20'));
    await runDueJobs(t);
    const byJob = await t.handle.db
      .selectFrom('rail_reconciliations')
      .select(['report', 'outcome'])
      .where('rail', '=', 'pix')
      .where('created_at', '=', clock.now())
      .execute();
    expect(byJob.map((r) => (JSON.parse(r.report) as RailReconciliation).pix?.day)).toContain(
      '2026-11-20',
    );

    const matched = await report();
    expect(matched.outcome, JSON.stringify(matched)).toBe('MATCHED');
    expect(matched.pix).toMatchObject({
      day: '2026-11-20',
      from: '2026-11-20T03:00:00.000Z',
      to: '2026-11-21T02:59:59.999Z',
      psp: { count: 2, received: '52.34', refunded: '0.00' },
      ledger: { count: 2, recorded: '52.34', credited: '52.34', refunded: '0.00' },
      difference: '0.00',
      differences: [],
    });
    expect((await stored(matched.id))?.outcome).toBe('MATCHED');
  });

  it('lists a Pix the PSP has and cofre never recorded by its endToEndId, and matches once the window credited it', async () => {
    clock.set(morningOf('2026-11-21'));
    await runDueJobs(t);
    const lost = await paidDeposit('25.00', false);
    clock.set(nightAfter('2026-11-21'));
    const different = await report('2026-11-21');
    expect(different.outcome).toBe('DIFFERENT');
    expect(different.pix).toMatchObject({
      psp: { count: 1, received: '25.00' },
      ledger: { count: 0, credited: '0.00' },
      difference: '25.00',
      differences: [{ kind: 'IN_PSP_NOT_IN_LEDGER', endToEndId: lost, psp: '25.00', ledger: null }],
    });
    expect(different.pix!.differences[0]!.detail).toMatch(/window has not read that far/);

    await runDueJobs(t);
    const matched = await report('2026-11-21');
    expect(matched.outcome, JSON.stringify(matched.pix?.differences)).toBe('MATCHED');
    expect(matched.pix).toMatchObject({ ledger: { count: 1, credited: '25.00' } });
  });

  it('lists money at the house nobody was credited and a devolução cofre did not request', async () => {
    clock.set(morningOf('2026-11-22'));
    await runDueJobs(t);
    const paid = await paidDeposit('30.00', true);
    const noTxid = psp.payWithoutTxid('5.00');
    await settle(t, clock);
    // A devolução made at the PSP by hand (or by MED), not through cofre.
    const transport = httpsPspTransport({ ...psp.transportOptions(), clock });
    try {
      const put = await apiPixClient(transport).putRefund(paid, 'BYHAND1', { valor: '3.00' });
      expect(put.kind).toBe('ok');
    } finally {
      await transport.close();
    }
    await psp.settleRefund(paid, 'BYHAND1', 'DEVOLVIDO');
    clock.set(nightAfter('2026-11-22'));
    await runDueJobs(t);

    const different = await report();
    expect(different.outcome).toBe('DIFFERENT');
    expect(different.pix).toMatchObject({
      day: '2026-11-22',
      psp: { count: 2, received: '35.00', refunded: '3.00' },
      ledger: { count: 2, recorded: '35.00', credited: '30.00', refunded: '0.00' },
      difference: '2.00',
    });
    expect(
      different.pix!.differences.map(({ kind, endToEndId, psp: atPsp, ledger, devolucaoId }) => ({
        kind,
        endToEndId,
        atPsp,
        ledger,
        devolucaoId,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          kind: 'NOT_CREDITED',
          endToEndId: noTxid,
          atPsp: '5.00',
          ledger: '5.00',
          devolucaoId: null,
        },
        {
          kind: 'UNREQUESTED_REFUND',
          endToEndId: paid,
          atPsp: '3.00',
          ledger: null,
          devolucaoId: 'BYHAND1',
        },
      ]),
    );
    expect(different.pix!.differences).toHaveLength(2);
  });

  it('gives a NOT_COMPARED report while the PSP is down, and for a day not over yet', async () => {
    await psp.down();
    try {
      const down = await report('2026-11-20');
      expect(down).toMatchObject({ outcome: 'NOT_COMPARED', rail: 'pix' });
      expect(down.pix).toBeUndefined();
      expect(down.reason).toMatch(/^2026-11-20: the PSP failed: /);
      expect((await stored(down.id))?.outcome).toBe('NOT_COMPARED');
    } finally {
      await psp.up();
    }
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const early = await report(today);
    expect(early.outcome).toBe('NOT_COMPARED');
    expect(early.reason).toMatch(/has not ended yet/);
  });

  it('shows the newest report in /admin/v1/rails and its differences in /metrics', async () => {
    const newest = await report('2026-11-22');
    const res = await asAdmin(t, { method: 'GET', url: '/admin/v1/rails' });
    expect(res.statusCode, res.body).toBe(200);
    const view = res
      .json<{ rails: { name: string; reconciliation: unknown }[] }>()
      .rails.find((r) => r.name === 'pix');
    expect(view?.reconciliation).toMatchObject({
      id: newest.id,
      outcome: 'DIFFERENT',
      block: null,
      assets: [],
      pix: {
        day: '2026-11-22',
        differences: [{ endToEndId: expect.any(String) as string }, expect.anything()],
      },
    });
    const metrics = parseExposition((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(metricValue(metrics, 'cofre_rail_reconciliation_differences', { rail: 'pix' })).toBe(2);
    expect(
      metricValue(metrics, 'cofre_rail_reconciliation_difference_minor', {
        rail: 'pix',
        asset: 'BRL',
      }),
    ).toBe(200);
  });
});
