import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { getOperation } from '../helpers/operations.js';
import { randomUUID } from 'node:crypto';
import { fakeEfiPayouts } from '../helpers/pix/fake-efi-payouts.js';
import { startFakePsp, type FakePsp } from '../helpers/pix/fake-psp.js';
import { approvedPixKey, withdrawBrl } from '../helpers/pix/pix-payouts-world.js';
import { postRefund } from '../helpers/refunds.js';
import {
  activeBrlAccount,
  listeningOrigin,
  pixRailEnv,
  requestBrlDeposit,
  txidOf,
} from '../helpers/pix/pix-rail-world.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitUntil } from '../helpers/wait-for.js';
import { lateBound } from '../helpers/world.js';
import {
  killAllWorkerProcesses,
  startWorkerProcess,
  stopWorkerProcess,
  type WorkerProcess,
} from '../helpers/worker-process.js';

const BURST = 3;

// Issue 26: a `cofre worker` SIGKILLed after the PSP acted on each kind of call and before the
// worker heard back — a charge made, a Pix read back, a refund asked for, a payout sent: each
// charge exists once (one PUT per txid, revision 0), each Pix is credited once, each refund and
// each payout happens once (docs/rails.md "BRL through a PSP's API Pix").
describe.each(ENGINES)('PIX rail across worker SIGKILLs on %s', (engine) => {
  let made: FakePsp | undefined;
  const psp = lateBound('fake PSP', () => made);
  let app: TestApp | undefined;
  const t = lateBound('test app', () => app);
  let workerEnv: Record<string, string>;
  let token: string;

  const houseKey = randomUUID();
  const efi = fakeEfiPayouts({ payerKey: houseKey });

  beforeAll(async () => {
    made = await startFakePsp({ pixKey: houseKey, routes: efi.routes });
    const env = { ...pixRailEnv(made), COFRE_PIX_PAYOUT_ADAPTER: 'efi' };
    // The API (and the PSP's webhook) in this process; the rail's jobs in the workers below.
    app = await createTestApp(engine, { env });
    made.callbackTo(await listeningOrigin(app));
    workerEnv = {
      ...env,
      COFRE_DATABASE_URL: app.database.url,
      COFRE_WORKER_POLL_MS: '100',
      COFRE_WORKER_LEASE_MS: '2000',
      COFRE_WEBHOOK_TIMEOUT_MS: '1000',
    };
    token = (await app.customer('Crash customer')).token;
  }, 60_000);
  afterAll(async () => {
    await killAllWorkerProcesses();
    await app?.close();
    await made?.close();
  });
  afterEach(() => expect(psp.violations()).toEqual([]));

  const putsFor = (txid: string) =>
    psp.calls().filter((c) => c.method === 'PUT' && c.path.endsWith(`/cob/${txid}`));

  it('makes each charge, credit, refund and payout happen once across SIGKILLs', async () => {
    const accountId = await activeBrlAccount(t, token);
    let worker: WorkerProcess = await startWorkerProcess(workerEnv);

    // 1. Killed after the PSP made the first charge, before the worker heard back.
    psp.holdAnswers('PUT', '/cob/');
    const ids: string[] = [];
    for (let i = 0; i < BURST; i++) {
      ids.push((await requestBrlDeposit(t, token, accountId, `${i + 1}.00`)).id);
    }
    await waitUntil('a PUT /cob applied and held', async () =>
      psp.heldAnswers() >= 1 ? true : undefined,
    );
    await stopWorkerProcess(worker, 'SIGKILL');
    psp.releaseAnswers();
    worker = await startWorkerProcess(workerEnv);
    await waitUntil('every deposit with its BR Code', async () => {
      for (const id of ids) {
        const { fundingInstruction } = await getOperation(t, token, id);
        if ((fundingInstruction as { brCode: string | null }).brCode === null) return undefined;
      }
      return true;
    });
    for (const id of ids) {
      expect(psp.charge(txidOf(id)), id).toMatchObject({ status: 'ATIVA', revisao: 0 });
      expect(
        putsFor(txidOf(id)).filter((c) => c.status === 201),
        id,
      ).toHaveLength(1);
    }

    // 2. Killed after the PSP answered the read-back of a notified Pix, before the credit.
    psp.holdAnswers('GET', '/pix/');
    for (const id of ids) await psp.pay(txidOf(id), { notify: true });
    await waitUntil('a GET /pix/{e2eid} held', async () =>
      psp.heldAnswers() >= 2 ? true : undefined,
    );
    await stopWorkerProcess(worker, 'SIGKILL');
    psp.releaseAnswers();
    worker = await startWorkerProcess(workerEnv);
    await waitUntil('every deposit credited', async () => {
      for (const id of ids) {
        if ((await getOperation(t, token, id)).status !== 'COMPLETED') return undefined;
      }
      return true;
    });
    const balances = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/balances`,
    });
    const brl = balances
      .json<{ data: { asset: string; available: string }[] }>()
      .data.find((b) => b.asset === 'BRL');
    expect(brl?.available).toBe('6.00');

    // 3. Killed after the PSP took a refund (PUT devolucao applied), before the worker heard back.
    psp.holdAnswers('PUT', '/devolucao/');
    const refund = await postRefund(t, token, ids[2]!, { amount: '3.00', reason: 'Cancelled' });
    expect(refund.statusCode, refund.body).toBe(201);
    const refundId = refund.json<{ id: string }>().id;
    await waitUntil('a PUT devolucao applied and held', async () =>
      psp.heldAnswers() >= 3 ? true : undefined,
    );
    await stopWorkerProcess(worker, 'SIGKILL');
    psp.releaseAnswers();
    worker = await startWorkerProcess(workerEnv);
    await waitUntil('the refund asked of the PSP', async () =>
      (await getOperation(t, token, refundId)).status === 'PROCESSING' ? true : undefined,
    );
    const devolucoes = psp.refunds().filter((r) => r.id === txidOf(refundId));
    expect(devolucoes).toHaveLength(1);
    await psp.settleRefund(devolucoes[0]!.endToEndId, txidOf(refundId), 'DEVOLVIDO', {
      notify: true,
    });
    await waitUntil('the refund completed', async () =>
      (await getOperation(t, token, refundId)).status === 'COMPLETED' ? true : undefined,
    );

    // 4. Killed after the PSP paid a payout (PUT …/gn/pix/{idEnvio} applied), before the answer.
    psp.holdAnswers('PUT', '/gn/pix/');
    const beneficiary = await approvedPixKey(t, token, {
      keyType: 'EMAIL',
      key: 'payee@example.com',
    });
    const withdrawal = await withdrawBrl(t, token, accountId, beneficiary, '2.00');
    await waitUntil('a payout applied and held', async () =>
      psp.heldAnswers() >= 4 ? true : undefined,
    );
    await stopWorkerProcess(worker, 'SIGKILL');
    psp.releaseAnswers();
    worker = await startWorkerProcess(workerEnv);
    await waitUntil('the payout found at the PSP', async () =>
      (await getOperation(t, token, withdrawal.id)).status === 'PROCESSING' ? true : undefined,
    );
    expect(efi.paid(txidOf(withdrawal.id))).toBe(1);
    efi.settle(txidOf(withdrawal.id), 'COMPLETED');
    await waitUntil('the payout completed', async () =>
      (await getOperation(t, token, withdrawal.id)).status === 'COMPLETED' ? true : undefined,
    );
    expect(efi.paid(txidOf(withdrawal.id))).toBe(1);
    const after = await t.as(token, { method: 'GET', url: `/v1/accounts/${accountId}/balances` });
    expect(
      after
        .json<{ data: { asset: string; available: string }[] }>()
        .data.find((b) => b.asset === 'BRL')?.available,
    ).toBe('1.00');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    await stopWorkerProcess(worker, 'SIGTERM');
  });
});
