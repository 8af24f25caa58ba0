import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { railPixUnrequestedRefunds } from '../../src/observability/metrics.js';
import { newEndToEndId } from '../../src/pix/end-to-end-id.js';
import { apiPixClient } from '../../src/rails/pix/psp/api-pix-client.js';
import { httpsPspTransport } from '../../src/rails/pix/psp/https-psp-transport.js';
import { operatorAction } from '../helpers/admin.js';
import { balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { postRefund } from '../helpers/refunds.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import type { FakeRefund } from '../helpers/pix/fake-api-pix.js';

import {
  activeBrlAccount,
  requestBrlDeposit,
  settle,
  TEST_RECONCILE_MS,
  txidOf,
  usePixRail,
} from '../helpers/pix/pix-rail-world.js';
import { ENGINES } from '../helpers/test-db.js';

/** The refunds job reads a refund the PSP is processing again this long after it was put. */
const FIRST_POLL_MS = 5_000;

// Issue 26 point 3: a refund of a Pix the rail credited goes back through the PSP — PUT
// /pix/{e2eid}/devolucao/{id} once, under an id made from the refund's, then DEVOLVIDO or
// NAO_REALIZADO from the webhook or from polling (docs/rails.md "PIX: refunds").
describe.each(ENGINES)('PIX rail refunds on %s', (engine) => {
  const clock = new ManualClock();
  let token: string;
  /** Runs when the PSP is asked (`method`) for this refund id, before it answers (a step taken mid-send). */
  let whileSending: { id: string; method: string; step: () => Promise<void> } | undefined;
  const { psp, t } = usePixRail(engine, {
    clock,
    psp: {
      routes: [
        async (request) => {
          const hook = whileSending;
          if (hook?.method === request.method && request.path.endsWith(`/devolucao/${hook.id}`)) {
            whileSending = undefined;
            await hook.step();
          }
          return undefined;
        },
      ],
    },
  });

  beforeAll(async () => {
    token = (await t.customer('PIX refunds customer')).token;
  });

  /** A BRL deposit paid by Pix and credited by the rail (the webhook, read back). */
  async function creditedDeposit(amount: string) {
    const accountId = await activeBrlAccount(t, token);
    const deposit = await requestBrlDeposit(t, token, accountId, amount);
    await settle(t, clock);
    const endToEndId = await psp.pay(txidOf(deposit.id), { notify: true });
    await runDueJobs(t);
    expect(await getOperation(t, token, deposit.id)).toMatchObject({ status: 'COMPLETED' });
    return { accountId, depositId: deposit.id, endToEndId };
  }

  async function refund(depositId: string, amount: string): Promise<OperationBody> {
    const res = await postRefund(t, token, depositId, { amount, reason: 'Order cancelled' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>();
  }

  /** The fake's answers to the refund's devolução path, as `METHOD status`. */
  const devolucaoCalls = (refundId: string) =>
    psp
      .calls()
      .filter((c) => c.path.endsWith(`/devolucao/${txidOf(refundId)}`))
      .map((c) => `${c.method} ${c.status}`);

  const brl = async (accountId: string) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')!;

  const intent = (refundId: string) =>
    t.handle.db
      .selectFrom('rail_pix_refunds')
      .selectAll()
      .where('operation_id', '=', refundId)
      .executeTakeFirstOrThrow();

  /** PUT /pix/{e2eid}/devolucao/{id} as the refunds job sends it, by the test (a PUT that landed). */
  async function putDirectly(endToEndId: string, refundId: string, valor: string): Promise<void> {
    const transport = httpsPspTransport(psp.transportOptions());
    try {
      const landed = await apiPixClient(transport).putRefund(endToEndId, txidOf(refundId), {
        valor,
        descricao: 'Order cancelled',
      });
      expect(landed.kind).toBe('ok');
    } finally {
      await transport.close();
    }
  }

  /** A return the PSP or the BCB made of the Pix by itself (MED): cofre never asked for it. */
  function medReturn(endToEndId: string, valor: string, natureza: FakeRefund['natureza']) {
    const pix = psp.received().find((p) => p.endToEndId === endToEndId)!;
    const id = `MED${clock.now()}`;
    pix.devolucoes.push({
      id,
      rtrId: `D${newEndToEndId(clock.now(), '99999999').slice(1)}`,
      valor,
      natureza,
      descricao: undefined,
      solicitacao: clock.now(),
      liquidacao: clock.now(),
      status: 'DEVOLVIDO',
      motivo: 'MED: fraud confirmed by the payer PSP',
    });
    return id;
  }

  it('puts the devolução once, and the webhook of its DEVOLVIDO completes the refund', async () => {
    const { accountId, depositId, endToEndId } = await creditedDeposit('100.00');
    const sent = await refund(depositId, '40.00');
    expect(await brl(accountId)).toMatchObject({ available: '60.00', pending: '40.00' });
    await runDueJobs(t);
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 201']);
    const atPsp = psp.refunds().find((r) => r.id === txidOf(sent.id));
    expect(atPsp).toMatchObject({
      endToEndId,
      valor: '40.00',
      natureza: 'ORIGINAL',
      descricao: 'Order cancelled',
      status: 'EM_PROCESSAMENTO',
    });
    expect(await getOperation(t, token, sent.id)).toMatchObject({
      status: 'PROCESSING',
      endToEndId: atPsp!.rtrId,
    });

    // Settled by the callback at once: no poll is due at this clock.
    await psp.settleRefund(endToEndId, txidOf(sent.id), 'DEVOLVIDO', { notify: true });
    await runDueJobs(t);
    expect(await getOperation(t, token, sent.id)).toMatchObject({ status: 'COMPLETED' });
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 201']);
    expect(await intent(sent.id)).toMatchObject({ status: 'DEVOLVIDO', rtr_id: atPsp!.rtrId });

    // The same news again, by webhook and by poll time, moves nothing.
    await psp.notify(endToEndId, 2);
    await settle(t, clock);
    expect(await brl(accountId)).toMatchObject({ available: '60.00', pending: '0.00' });
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '40.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('completes the refund by polling when no webhook comes', async () => {
    const { accountId, depositId, endToEndId } = await creditedDeposit('30.00');
    const sent = await refund(depositId, '30.00');
    await runDueJobs(t);
    await psp.settleRefund(endToEndId, txidOf(sent.id), 'DEVOLVIDO', { notify: false });
    await runDueJobs(t);
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
    clock.advance(FIRST_POLL_MS);
    await runDueJobs(t);
    expect(await getOperation(t, token, sent.id)).toMatchObject({ status: 'COMPLETED' });
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 201', 'GET 200']);
    expect(await brl(accountId)).toMatchObject({ available: '0.00', pending: '0.00' });
  });

  it('completes the refund through the reconciliation window when its webhook is lost', async () => {
    const { depositId, endToEndId } = await creditedDeposit('25.00');
    const sent = await refund(depositId, '25.00');
    await runDueJobs(t);
    await psp.settleRefund(endToEndId, txidOf(sent.id), 'DEVOLVIDO', { notify: false });
    // The window runs every TEST_RECONCILE_MS; the refund's first poll is not due yet.
    clock.advance(2 * TEST_RECONCILE_MS);
    expect(2 * TEST_RECONCILE_MS).toBeLessThan(FIRST_POLL_MS);
    await runDueJobs(t);
    expect(await getOperation(t, token, sent.id)).toMatchObject({ status: 'COMPLETED' });
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 201']);
  });

  it('fails a refund the PSP could not make with its motivo, and the amount is refundable again', async () => {
    const { accountId, depositId, endToEndId } = await creditedDeposit('50.00');
    const first = await refund(depositId, '50.00');
    await runDueJobs(t);
    await psp.settleRefund(endToEndId, txidOf(first.id), 'NAO_REALIZADO', {
      notify: true,
      motivo: 'Conta do pagador encerrada.',
    });
    await runDueJobs(t);
    expect(await getOperation(t, token, first.id)).toMatchObject({
      status: 'FAILED',
      reason: {
        code: 'RAIL_REJECTED',
        message: 'The PIX provider could not return the money: Conta do pagador encerrada.',
      },
    });
    expect(await intent(first.id)).toMatchObject({
      status: 'NAO_REALIZADO',
      motivo: 'Conta do pagador encerrada.',
    });
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '0.00' });
    expect(await brl(accountId)).toMatchObject({ available: '50.00', pending: '0.00' });

    const second = await refund(depositId, '50.00');
    await runDueJobs(t);
    await psp.settleRefund(endToEndId, txidOf(second.id), 'DEVOLVIDO', { notify: true });
    await runDueJobs(t);
    expect(await getOperation(t, token, second.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await brl(accountId)).toMatchObject({ available: '0.00', pending: '0.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('fails a refund whose PUT the PSP refuses, with the PSP reason, and the amount is refundable again', async () => {
    const { accountId, depositId, endToEndId } = await creditedDeposit('50.00');
    // A MED return took 30.00 of the Pix at the PSP: a refund of all 50.00 is more than it allows.
    medReturn(endToEndId, '30.00', 'MED_FRAUDE');
    const refused = await refund(depositId, '50.00');
    await runDueJobs(t);
    expect(devolucaoCalls(refused.id)).toEqual(['GET 404', 'PUT 400', 'GET 404']);
    const failed = await getOperation(t, token, refused.id);
    expect(failed).toMatchObject({ status: 'FAILED', reason: { code: 'RAIL_REJECTED' } });
    expect(failed.reason?.message).toMatch(
      /^The PIX provider refused the refund: .*A soma das devoluções excede o valor do Pix/,
    );
    expect(await intent(refused.id)).toMatchObject({ status: 'REFUSED' });
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '0.00' });
    expect(await brl(accountId)).toMatchObject({ available: '50.00', pending: '0.00' });

    const rest = await refund(depositId, '20.00');
    await runDueJobs(t);
    expect(devolucaoCalls(rest.id)).toEqual(['GET 404', 'PUT 201']);
    expect((await getOperation(t, token, rest.id)).status).toBe('PROCESSING');
  });

  it('reads back a devolução whose PUT landed before the worker recorded it, and never puts it again', async () => {
    const { depositId, endToEndId } = await creditedDeposit('12.34');
    const sent = await refund(depositId, '12.34');
    // The worker's PUT reached the PSP and its answer was lost: the devolução exists, the intent
    // is still QUEUED.
    await putDirectly(endToEndId, sent.id, '12.34');
    await runDueJobs(t);
    expect(devolucaoCalls(sent.id)).toEqual(['PUT 201', 'GET 200']);
    expect(psp.refunds().filter((r) => r.endToEndId === endToEndId)).toHaveLength(1);
    expect(await intent(sent.id)).toMatchObject({ status: 'REQUESTED' });
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
  });

  it('adopts the devolução when its PUT is refused because an earlier PUT landed meanwhile', async () => {
    const { depositId, endToEndId } = await creditedDeposit('8.00');
    const sent = await refund(depositId, '8.00');
    // A PUT of an earlier run, delayed in the network, lands between this run's read and its PUT.
    whileSending = {
      id: txidOf(sent.id),
      method: 'PUT',
      step: () => putDirectly(endToEndId, sent.id, '8.00'),
    };
    await runDueJobs(t);
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 201', 'PUT 400', 'GET 200']);
    expect(await intent(sent.id)).toMatchObject({ status: 'REQUESTED', last_error: null });
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
  });

  it('never adopts a devolução under its id for another amount, and puts nothing', async () => {
    const { depositId, endToEndId } = await creditedDeposit('12.00');
    const sent = await refund(depositId, '12.00');
    await putDirectly(endToEndId, sent.id, '1.00');
    await runDueJobs(t);
    expect(devolucaoCalls(sent.id)).toEqual(['PUT 201', 'GET 200']);
    expect(await intent(sent.id)).toMatchObject({
      status: 'QUEUED',
      last_error: expect.stringContaining('for 1.00, not 12.00') as string,
    });
    expect((await getOperation(t, token, sent.id)).status).toBe('REQUESTED');
  });

  it("keeps a refund queued when the PSP forbids the PUT (the rail's credentials), and sends it once allowed", async () => {
    const { depositId } = await creditedDeposit('9.00');
    const sent = await refund(depositId, '9.00');
    // The request after this refund's read — its PUT — is a 403.
    whileSending = {
      id: txidOf(sent.id),
      method: 'GET',
      step: () => Promise.resolve(psp.fail(1, 403)),
    };
    await runDueJobs(t);
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 403']);
    expect(await intent(sent.id)).toMatchObject({ status: 'QUEUED' });
    expect((await getOperation(t, token, sent.id)).status).toBe('REQUESTED');
    const runs = await t.handle.db
      .selectFrom('rail_job_runs')
      .selectAll()
      .where('job', '=', 'refunds')
      .executeTakeFirstOrThrow();
    expect(runs.failures).toBe(1);
    clock.advance(60_000);
    await runDueJobs(t);
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 403', 'GET 404', 'PUT 201']);
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
  });

  it('records, logs and counts once a MED return cofre did not ask for, booking nothing', async () => {
    const { accountId, endToEndId } = await creditedDeposit('80.00');
    const before = await unrequestedCount('MED_OPERACIONAL');
    const id = medReturn(endToEndId, '80.00', 'MED_OPERACIONAL');
    await psp.notify(endToEndId, 2);
    await runDueJobs(t);
    // And the reconciliation window, which lists the Pix again.
    await settle(t, clock);
    const rows = await t.handle.db
      .selectFrom('rail_pix_unrequested_refunds')
      .selectAll()
      .where('end_to_end_id', '=', endToEndId)
      .execute();
    expect(rows).toMatchObject([
      { devolucao_id: id, amount: 8000n, natureza: 'MED_OPERACIONAL', status: 'DEVOLVIDO' },
    ]);
    expect((await unrequestedCount('MED_OPERACIONAL')) - before).toBe(1);
    expect(await brl(accountId)).toMatchObject({ available: '80.00', pending: '0.00' });
  });

  it('lets the back-office fail a refund not yet sent (never sent then), and never complete one', async () => {
    const { depositId } = await creditedDeposit('10.00');
    const queued = await refund(depositId, '10.00');
    const complete = await operatorAction(t, 'complete', queued.id);
    expect(complete.statusCode, complete.body).toBe(409);
    const fail = await operatorAction(t, 'fail', queued.id, {
      reason: { code: 'OPERATOR_CANCELLED', message: 'Customer asked to stop it.' },
    });
    expect(fail.statusCode, fail.body).toBe(200);
    expect(await intent(queued.id)).toMatchObject({ status: 'CANCELLED' });
    await settle(t, clock);
    expect(devolucaoCalls(queued.id)).toEqual([]);

    const sent = await refund(depositId, '10.00');
    await runDueJobs(t);
    const late = await operatorAction(t, 'fail', sent.id, {
      reason: { code: 'OPERATOR_CANCELLED', message: 'Too late.' },
    });
    expect(late.statusCode, late.body).toBe(409);
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
  });

  it('refuses a back-office fail once the refunds job began sending the refund', async () => {
    const { depositId } = await creditedDeposit('10.00');
    const sent = await refund(depositId, '10.00');
    let midSend: number | undefined;
    whileSending = {
      id: txidOf(sent.id),
      method: 'GET',
      step: async () => {
        const fail = await operatorAction(t, 'fail', sent.id, {
          reason: { code: 'OPERATOR_CANCELLED', message: 'Raced the worker.' },
        });
        midSend = fail.statusCode;
      },
    };
    await runDueJobs(t);
    expect(midSend).toBe(409);
    expect(devolucaoCalls(sent.id)).toEqual(['GET 404', 'PUT 201']);
    expect((await getOperation(t, token, sent.id)).status).toBe('PROCESSING');
  });
});

/** cofre_rail_pix_unrequested_refunds_total for one natureza (process-wide: compare differences). */
async function unrequestedCount(natureza: string): Promise<number> {
  const { values } = await railPixUnrequestedRefunds.get();
  return values.find((v) => v.labels.natureza === natureza)?.value ?? 0;
}
