import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { balancesOf, getOperation } from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';

import {
  activeBrlAccount,
  requestBrlDeposit,
  settle,
  TEST_RECONCILE_MS,
  TEST_WEBHOOK_SECRET,
  txidOf,
  usePixRail,
} from '../helpers/pix/pix-rail-world.js';
import { ENGINES } from '../helpers/test-db.js';
import { type TestApp } from '../helpers/test-app.js';

const brlOf = async (t: TestApp, token: string, accountId: string) =>
  (await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')!.available;

// Issue 26: BRL deposits settle by themselves through a PSP's API Pix — each deposit is a charge
// made once at the PSP, and each Pix received is credited once, whether the webhook brings it
// (once or many times) or the reconciliation window finds it (docs/rails.md "PIX").
describe.each(ENGINES)('PIX rail deposits on %s', (engine) => {
  const clock = new ManualClock();
  const { psp, t } = usePixRail(engine, { clock });
  let token: string;

  beforeAll(async () => {
    token = (await t.customer('PIX customer')).token;
  });

  it('registers the webhook at start-up, with the secret in the path', () => {
    expect(psp.webhooks().get(psp.pixKey)?.webhookUrl).toBe(
      `https://cofre.example/rails/pix/webhook/${TEST_WEBHOOK_SECRET}`,
    );
  });

  it("answers a deposit with brCode null, then shows the PSP's pixCopiaECola once its charge exists", async () => {
    const accountId = await activeBrlAccount(t, token);
    const deposit = await requestBrlDeposit(t, token, accountId, '125.50');
    expect(deposit.fundingInstruction).toMatchObject({
      rail: 'PIX',
      key: psp.pixKey,
      brCode: null,
    });
    await settle(t, clock);
    const charge = psp.charge(txidOf(deposit.id));
    expect(charge).toMatchObject({
      valor: '125.50',
      chave: psp.pixKey,
      status: 'ATIVA',
      revisao: 0,
    });
    const ready = await getOperation(t, token, deposit.id);
    expect(ready.fundingInstruction).toMatchObject({ brCode: charge!.pixCopiaECola });
    const events = await t.handle.db
      .selectFrom('events')
      .select('type')
      .where('resource_id', '=', deposit.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual([
      'OPERATION_REQUESTED',
      'OPERATION_FUNDING_INSTRUCTION_READY',
    ]);
  });

  it('credits a Pix once when the webhook brings it three times', async () => {
    const accountId = await activeBrlAccount(t, token);
    const deposit = await requestBrlDeposit(t, token, accountId, '40.00');
    await settle(t, clock);
    const e2eid = await psp.pay(txidOf(deposit.id), { notify: true });
    expect(await psp.notify(e2eid, 2)).toEqual([200, 200]);
    await settle(t, clock);
    const done = await getOperation(t, token, deposit.id);
    expect(done).toMatchObject({ status: 'COMPLETED', receivedAmount: '40.00', endToEndId: e2eid });
    expect(await brlOf(t, token, accountId)).toBe('40.00');
    const inbox = await t.handle.db
      .selectFrom('rail_pix_inbox')
      .selectAll()
      .where('end_to_end_id', '=', e2eid)
      .executeTakeFirstOrThrow();
    expect(Number(inbox.notifications)).toBe(3);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('credits a Pix whose webhook was lost through the reconciliation window', async () => {
    const accountId = await activeBrlAccount(t, token);
    const deposit = await requestBrlDeposit(t, token, accountId, '77.70');
    await settle(t, clock);
    const e2eid = await psp.pay(txidOf(deposit.id), { notify: false });
    await runDueJobs(t);
    expect((await getOperation(t, token, deposit.id)).status).toBe('REQUESTED');
    clock.advance(2 * TEST_RECONCILE_MS);
    await settle(t, clock, TEST_RECONCILE_MS);
    expect(await getOperation(t, token, deposit.id)).toMatchObject({
      status: 'COMPLETED',
      receivedAmount: '77.70',
    });
    expect(await brlOf(t, token, accountId)).toBe('77.70');
    const row = await t.handle.db
      .selectFrom('rail_pix_received')
      .selectAll()
      .where('end_to_end_id', '=', e2eid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ seen_via: 'RECONCILE', outcome: 'CREDITED' });
  });

  it('credits what was paid when it differs from the charge', async () => {
    const accountId = await activeBrlAccount(t, token);
    const deposit = await requestBrlDeposit(t, token, accountId, '10.00');
    await settle(t, clock);
    await psp.pay(txidOf(deposit.id), { valor: '9.99', notify: true });
    await settle(t, clock);
    expect(await getOperation(t, token, deposit.id)).toMatchObject({
      status: 'COMPLETED',
      amount: '10.00',
      receivedAmount: '9.99',
    });
  });

  it('refuses a webhook with a wrong secret as an unknown path, writing nothing', async () => {
    const before = await t.handle.db.selectFrom('rail_pix_inbox').selectAll().execute();
    const body = { pix: [{ endToEndId: 'E12345678202611270000abcdefghijk', valor: '1.00' }] };
    for (const url of ['/rails/pix/webhook/wrong-secret/pix', '/rails/pix/webhook/x']) {
      const res = await t.app.inject({ method: 'POST', url, payload: body });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'ROUTE_NOT_FOUND',
        detail: `No route POST ${url}.`,
      });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/rails/pix/webhook/wrong-secret/pix',
      payload: { pix: 'not an array' },
    });
    expect(bad.statusCode).toBe(404);
    expect(await t.handle.db.selectFrom('rail_pix_inbox').selectAll().execute()).toEqual(before);
  });

  it('records a Pix without a charge as unattributed and credits nothing', async () => {
    const e2eid = psp.payWithoutTxid('5.00');
    clock.advance(2 * TEST_RECONCILE_MS);
    await settle(t, clock, TEST_RECONCILE_MS);
    const row = await t.handle.db
      .selectFrom('rail_pix_received')
      .selectAll()
      .where('end_to_end_id', '=', e2eid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'UNATTRIBUTED', operation_id: null });
  });

  it('removes the charge of a deposit that expired unpaid', async () => {
    const accountId = await activeBrlAccount(t, token);
    const deposit = await requestBrlDeposit(t, token, accountId, '3.00');
    await settle(t, clock);
    clock.advance(31 * 60_000);
    await settle(t, clock);
    expect((await getOperation(t, token, deposit.id)).status).toBe('FAILED');
    expect(psp.charge(txidOf(deposit.id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});
