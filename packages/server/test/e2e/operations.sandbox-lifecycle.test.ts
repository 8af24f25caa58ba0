import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { beneficiaryBody } from '../helpers/beneficiaries.js';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  killAllWorkerProcesses,
  startWorkerProcess,
  stopWorkerProcess,
} from '../helpers/worker-process.js';
import { createSubscription } from '../helpers/webhook-api.js';

const STEP_MS = 300;

interface Delivered {
  type: string;
  resource: string;
  data: { id: string; status?: string; [field: string]: unknown };
}

// Issue 7 point 12: the whole sandbox lifecycle as an integrator sees it, through webhooks
// alone, with a real `cofre worker` process; and a worker killed between the steps of a
// lifecycle, replaced by another on the same database, loses no step and runs none twice.
describe.each(ENGINES)('the sandbox money lifecycle with a worker process on %s', (engine) => {
  let t: TestApp;
  let receiver: Receiver;
  let workerEnv: Record<string, string>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The API only (inject); every step and delivery happens in the worker processes.
    t = await createTestApp(engine, {
      env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true', COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    workerEnv = {
      COFRE_DATABASE_URL: t.database.url,
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
      COFRE_WORKER_POLL_MS: '50',
    };
  });
  afterAll(async () => {
    await killAllWorkerProcesses();
    await t.close();
    await receiver.close();
  });

  const events = (): Delivered[] =>
    receiver.received.map((r: Received) => JSON.parse(r.body) as Delivered);
  const waitForEvent = (type: string, id: string, timeoutMs = 15_000) =>
    waitFor(`${type} for ${id}`, () => events().find((e) => e.type === type && e.data.id === id), {
      timeoutMs,
    });
  const post = async (token: string, url: string, payload: Record<string, unknown>) => {
    const res = await t.as(token, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; [field: string]: unknown }>();
  };
  const get = async (token: string, url: string) => {
    const res = await t.as(token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, unknown>>();
  };

  it('token → account ACTIVE → deposit COMPLETED → instruction APPROVED → withdrawal COMPLETED, seen by webhooks', async () => {
    const worker = await startWorkerProcess(workerEnv);
    const { token } = await t.customer('Integrator');
    await createSubscription(t, token, { url: `${receiver.url}/hooks`, includeAll: true });

    const account = await post(token, '/v1/accounts', { type: 'CHECKING', assets: ['BRL'] });
    const activated = await waitForEvent('ACCOUNT_ASSET_ACTIVATED', account.id);
    expect(activated.data.status).toBe('ACTIVE');

    const deposit = await post(token, '/v1/operations/deposit', {
      accountId: account.id,
      asset: 'BRL',
      amount: '100.00',
    });
    await waitForEvent('OPERATION_REQUESTED', deposit.id);
    const paid = await waitForEvent('OPERATION_COMPLETED', deposit.id);
    expect(paid.data).toMatchObject({ status: 'COMPLETED', receivedAmount: '100.00' });

    const beneficiary = await post(token, '/v1/beneficiaries', beneficiaryBody());
    const approved = await waitForEvent('BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED', beneficiary.id);
    const instructionId = approved.data.instructionId as string;

    const withdrawal = await post(token, '/v1/operations/withdrawal', {
      accountId: account.id,
      asset: 'BRL',
      amount: '30.00',
      beneficiary: { id: beneficiary.id, paymentInstructionId: instructionId },
    });
    const sent = await waitForEvent('OPERATION_COMPLETED', withdrawal.id);
    expect(sent.data).toMatchObject({ status: 'COMPLETED', amount: '30.00' });
    expect((sent.data.states as { status: string }[]).map((s) => s.status)).toEqual([
      'REQUESTED',
      'PROCESSING',
      'COMPLETED',
    ]);
    // What the webhook said is what the API says.
    expect(await get(token, `/v1/operations/${withdrawal.id}`)).toEqual(sent.data);

    const balances = (await get(token, `/v1/accounts/${account.id}/balances`)).data;
    expect(balances).toEqual([
      { asset: 'BRL', available: '70.00', pending: '0.00', total: '70.00' },
    ]);
    const statement = (await get(token, `/v1/accounts/${account.id}/statement?sortOrder=ASCENDING`))
      .data as {
      operationId: string;
      direction: string;
      amount: string;
      balanceAfter: string;
    }[];
    expect(statement.map((e) => [e.operationId, e.direction, e.amount, e.balanceAfter])).toEqual([
      [deposit.id, 'CREDIT', '100.00', '100.00'],
      [withdrawal.id, 'DEBIT', '30.00', '70.00'],
    ]);
    expect(statement.at(-1)!.balanceAfter).toBe(
      (balances as { available: string }[])[0]!.available,
    );
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    expect(await stopWorkerProcess(worker)).toEqual({ code: 0, signal: null });
  });

  it('resumes after a worker is killed between steps, with no step lost or done twice', async () => {
    const { token } = await t.customer('Crash');
    const first = await startWorkerProcess(workerEnv);
    const account = await post(token, '/v1/accounts', { type: 'CHECKING', assets: ['BRL'] });
    await eventually(
      async () => (await get(token, `/v1/accounts/${account.id}`)).status === 'ACTIVE',
    );
    const beneficiary = await post(token, '/v1/beneficiaries', beneficiaryBody());
    const instructionId = (beneficiary.paymentInstructions as { id: string }[])[0]!.id;
    const deposit = await post(token, '/v1/operations/deposit', {
      accountId: account.id,
      asset: 'BRL',
      amount: '50.00',
    });
    // The worker dies before the payment step (and the review) are due.
    expect(await stopWorkerProcess(first, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const expiresAt = Date.parse((deposit.fundingInstruction as { expiresAt: string }).expiresAt);
    // Down past the deposit's expiry: the payment (due first) must still win on restart.
    await waitFor(
      'the deposit to pass its expiry',
      () => (Date.now() > expiresAt ? true : undefined),
      { timeoutMs: 20_000 },
    );

    const second = await startWorkerProcess(workerEnv);
    await eventually(
      async () => (await get(token, `/v1/operations/${deposit.id}`)).status === 'COMPLETED',
    );
    await eventually(async () => {
      const b = await get(token, `/v1/beneficiaries/${beneficiary.id}`);
      return (b.paymentInstructions as { status: string }[])[0]!.status === 'APPROVED';
    });
    const withdrawal = await post(token, '/v1/operations/withdrawal', {
      accountId: account.id,
      asset: 'BRL',
      amount: '20.00',
      beneficiary: { id: beneficiary.id, paymentInstructionId: instructionId },
    });
    // Killed between PROCESSING and settlement.
    await eventually(
      async () => (await get(token, `/v1/operations/${withdrawal.id}`)).status === 'PROCESSING',
    );
    expect(await stopWorkerProcess(second, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const third = await startWorkerProcess(workerEnv);
    await eventually(
      async () => (await get(token, `/v1/operations/${withdrawal.id}`)).status === 'COMPLETED',
    );

    for (const id of [deposit.id, withdrawal.id]) {
      const op = await get(token, `/v1/operations/${id}`);
      expect((op.states as { status: string }[]).map((s) => s.status)).toEqual([
        'REQUESTED',
        'PROCESSING',
        'COMPLETED',
      ]);
      const recorded = await t.handle.db
        .selectFrom('events')
        .select('type')
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute();
      expect(recorded.map((e) => e.type)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
      const journals = await t.handle.db
        .selectFrom('ledger_journals')
        .select('kind')
        .where('operation_id', '=', id)
        .orderBy('id')
        .execute();
      expect(journals.map((j) => j.kind)).toEqual(
        id === deposit.id ? ['DEPOSIT'] : ['HOLD', 'CAPTURE'],
      );
    }
    expect((await get(token, `/v1/accounts/${account.id}/balances`)).data).toEqual([
      { asset: 'BRL', available: '30.00', pending: '0.00', total: '30.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    expect(await stopWorkerProcess(third)).toEqual({ code: 0, signal: null });
  });

  /** Polls an async condition (an API read) until it holds. */
  async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
});
