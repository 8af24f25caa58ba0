import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { apiPixClient } from '../../src/rails/pix/psp/api-pix-client.js';
import { httpsPspTransport } from '../../src/rails/pix/psp/https-psp-transport.js';
import { asAdmin } from '../helpers/admin.js';
import { getOperation } from '../helpers/operations.js';

import {
  activeBrlAccount,
  pixRailEnv,
  requestBrlDeposit,
  settle,
  txidOf,
  usePixRail,
} from '../helpers/pix/pix-rail-world.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';

interface RailView {
  name: string;
  state: string;
  backlog?: Record<string, number>;
  jobs: Record<string, { failures: number; lastError: string | null }>;
}

// Issue 26, point 5: the PSP down, rate-limiting, or losing an answer — the rail's jobs back off
// without parking, nothing is created twice or credited on a guess, the API keeps answering, the
// back-office shows the state and backlog, and everything settles once the PSP is back.
describe.each(ENGINES)('PIX rail with a failing PSP on %s', (engine) => {
  const clock = new ManualClock();
  const { psp, t } = usePixRail(engine, { clock });
  let token: string;
  let accountId: string;

  const pixRail = async () => {
    const res = await asAdmin(t, { method: 'GET', url: '/admin/v1/rails' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rails: RailView[] }>().rails.find((r) => r.name === 'pix')!;
  };

  beforeAll(async () => {
    token = (await t.customer('Outage customer')).token;
    accountId = await activeBrlAccount(t, token);
  });

  it('creates every charge of a burst once, and credits each Pix once, after 30 s without the PSP', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const deposit = await requestBrlDeposit(t, token, accountId, `${i + 1}.00`);
      ids.push(deposit.id);
      if (i === 2) {
        await runDueJobs(t);
        await psp.down();
      }
    }
    for (let second = 0; second < 30; second += 5) {
      clock.advance(5_000);
      await runDueJobs(t);
    }
    const jobs = await t.handle.db
      .selectFrom('jobs')
      .select(['kind', 'failed_at'])
      .where('kind', 'in', ['rail.pix.charges', 'rail.pix.inbound', 'rail.pix.window'])
      .execute();
    expect(jobs).toHaveLength(3);
    expect(jobs.map((job) => job.failed_at)).toEqual([null, null, null]);
    const down = await pixRail();
    expect(down.state).toBe('psp-failing');
    expect(down.backlog?.charges).toBe(5);
    expect(down.jobs['charges']?.failures).toBeGreaterThan(0);
    expect((await getOperation(t, token, ids[7]!)).fundingInstruction).toMatchObject({
      brCode: null,
    });

    await psp.up();
    clock.advance(60_000);
    await settle(t, clock);
    for (const id of ids) {
      expect(psp.charge(txidOf(id)), id).toMatchObject({ status: 'ATIVA', revisao: 0 });
      expect((await getOperation(t, token, id)).fundingInstruction).not.toMatchObject({
        brCode: null,
      });
    }
    const puts = psp.calls().filter((c) => c.method === 'PUT' && c.path.includes('/cob/'));
    expect(puts.filter((c) => c.status === 201)).toHaveLength(8);
    for (const id of ids) await psp.pay(txidOf(id), { notify: true });
    await settle(t, clock);
    for (const id of ids) expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    const up = await pixRail();
    expect(up).toMatchObject({ state: 'ok', backlog: { charges: 0, notifications: 0 } });
  });

  it('waits at least the Retry-After of a 429 before calling again', async () => {
    const deposit = await requestBrlDeposit(t, token, accountId, '2.50');
    psp.rateLimit(1, 90);
    await runDueJobs(t);
    const job = await t.handle.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'rail.pix.charges')
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBeGreaterThanOrEqual(clock.now() + 90_000);
    clock.advance(60_000);
    await runDueJobs(t);
    expect(psp.charge(txidOf(deposit.id))).toBeUndefined();
    clock.advance(30_000);
    await runDueJobs(t);
    expect(psp.charge(txidOf(deposit.id))).toMatchObject({ status: 'ATIVA' });
  });

  it('adopts a charge whose PUT reached the PSP before the worker died, without a second PUT', async () => {
    const deposit = await requestBrlDeposit(t, token, accountId, '19.90');
    // The worker's PUT landed; its answer never made it back (the worker died).
    const api = apiPixClient(httpsPspTransport(psp.transportOptions()));
    const landed = await api.putCharge(txidOf(deposit.id), {
      expiracao: 1_800,
      valor: '19.90',
      chave: psp.pixKey,
    });
    expect(landed.kind).toBe('ok');
    const before = psp.calls().length;
    await runDueJobs(t);
    const after = psp.calls().slice(before);
    expect(after.map((c) => `${c.method} ${c.status}`)).toEqual(
      expect.not.arrayContaining(['PUT 201']),
    );
    expect(psp.charge(txidOf(deposit.id))).toMatchObject({ revisao: 0 });
    expect((await getOperation(t, token, deposit.id)).fundingInstruction).toMatchObject({
      brCode: psp.charge(txidOf(deposit.id))!.pixCopiaECola,
    });
  });

  it('works on with an expired token: one new token, no failed run', async () => {
    const deposit = await requestBrlDeposit(t, token, accountId, '4.00');
    const tokens = psp.tokenRequests();
    psp.expireTokens();
    await runDueJobs(t);
    expect(psp.tokenRequests()).toBe(tokens + 1);
    expect(psp.charge(txidOf(deposit.id))).toMatchObject({ status: 'ATIVA' });
  });

  it('changes nothing for a webhook naming a Pix the PSP does not know, and counts it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/rails/pix/webhook/${pixRailEnv(psp).COFRE_PIX_WEBHOOK_SECRET}/pix`,
      payload: { pix: [{ endToEndId: 'E00000000202611270000unknown0001', valor: '1000.00' }] },
    });
    expect(res.statusCode).toBe(200);
    await runDueJobs(t);
    const inbox = await t.handle.db
      .selectFrom('rail_pix_inbox')
      .selectAll()
      .where('end_to_end_id', '=', 'E00000000202611270000unknown0001')
      .executeTakeFirstOrThrow();
    expect(inbox).toMatchObject({ waiting: 0, outcome: 'NOT_FOUND' });
    const received = await t.handle.db
      .selectFrom('rail_pix_received')
      .selectAll()
      .where('end_to_end_id', '=', 'E00000000202611270000unknown0001')
      .execute();
    expect(received).toEqual([]);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      /cofre_rail_pix_received_total\{outcome="NOT_FOUND",via="WEBHOOK"\} [1-9]/,
    );
  });
});
