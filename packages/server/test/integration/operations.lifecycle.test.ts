import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { activateAssets } from '../../src/modules/accounts/accounts.lifecycle.js';
import { approve } from '../../src/modules/beneficiaries/instructions.lifecycle.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  completeOperation,
  failOperation,
  receiveDeposit,
  startProcessing,
} from '../../src/operations/lifecycle/operations.lifecycle.js';
import { createBeneficiary } from '../helpers/beneficiaries.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

// Issue 7 point 5 and the back-office seam (point 10): the lifecycle functions move an
// operation once; a duplicate or late step returns false and changes nothing.
describe.each(ENGINES)('operation lifecycle functions on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let queue: JobQueue;
  const step = <T>(fn: (tx: Parameters<Parameters<typeof transact>[1]>[0]) => Promise<T>) =>
    transact(t.handle.db, fn);
  const eventsOf = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select('type')
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);

  beforeAll(async () => {
    clock = new ManualClock();
    // Production: no simulator, so only these calls move operations.
    t = await createTestApp(engine, { clock, env: { COFRE_ENVIRONMENT: 'production' } });
    queue = new JobQueue(t.handle.db, dialectFor(engine), clock, new JobSignal());
  });
  afterAll(() => t.close());

  async function productionAccount(token: string): Promise<string> {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    const accountId = res.json<{ id: string }>().id;
    await step((tx) => activateAssets(tx, { queue }, accountId, clock.now()));
    return accountId;
  }

  it('receives a deposit once, crediting the amount that arrived', async () => {
    const { token } = await t.customer();
    const accountId = await productionAccount(token);
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '100.00' });
    const id = res.json<OperationBody>().id;
    expect(
      await step((tx) => receiveDeposit(tx, { queue }, id, { amount: 9_950n, at: clock.now() })),
    ).toBe(true);
    expect(await step((tx) => receiveDeposit(tx, { queue }, id, { at: clock.now() }))).toBe(false);
    expect(
      await step((tx) =>
        failOperation(tx, { queue }, id, { code: 'X', message: 'late' }, clock.now()),
      ),
    ).toBe(false);
    expect(await getOperation(t, token, id)).toMatchObject({
      status: 'COMPLETED',
      amount: '100.00',
      receivedAmount: '99.50',
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([{ available: '99.50' }]);
    expect(await eventsOf(id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('settles a withdrawal once: complete after processing captures the hold, once', async () => {
    const { token } = await t.customer();
    const accountId = await productionAccount(token);
    const dep = (
      await postDeposit(t, token, { accountId, asset: 'BRL', amount: '50.00' })
    ).json<OperationBody>();
    await step((tx) => receiveDeposit(tx, { queue }, dep.id, { at: clock.now() }));
    const ben = await createBeneficiary(t, token);
    await step((tx) => approve(tx, { queue }, ben.paymentInstructions[0]!.id, clock.now()));
    const to = { id: ben.id, paymentInstructionId: ben.paymentInstructions[0]!.id };
    const w = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '20.00',
      beneficiary: to,
    });
    expect(w.statusCode, w.body).toBe(201);
    const id = w.json<OperationBody>().id;
    // COMPLETED only from PROCESSING; a deposit step does not apply to a withdrawal.
    expect(await step((tx) => completeOperation(tx, { queue }, id, clock.now()))).toBe(false);
    expect(await step((tx) => receiveDeposit(tx, { queue }, id, { at: clock.now() }))).toBe(false);
    expect(await step((tx) => startProcessing(tx, { queue }, id, clock.now()))).toBe(true);
    expect(await step((tx) => startProcessing(tx, { queue }, id, clock.now()))).toBe(false);
    expect(await step((tx) => completeOperation(tx, { queue }, id, clock.now()))).toBe(true);
    expect(await step((tx) => completeOperation(tx, { queue }, id, clock.now()))).toBe(false);
    expect(
      await step((tx) =>
        failOperation(tx, { queue }, id, { code: 'X', message: 'late' }, clock.now()),
      ),
    ).toBe(false);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '30.00', pending: '0.00' },
    ]);
    expect(await eventsOf(id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);

    // Failing before processing releases the hold, once.
    const w2 = (
      await postWithdrawal(t, token, { accountId, asset: 'BRL', amount: '30.00', beneficiary: to })
    ).json<OperationBody>();
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '0.00', pending: '30.00' },
    ]);
    const reason = { code: 'OPERATOR_REJECTED', message: 'Refused by the back-office.' };
    expect(await step((tx) => failOperation(tx, { queue }, w2.id, reason, clock.now()))).toBe(true);
    expect(await step((tx) => failOperation(tx, { queue }, w2.id, reason, clock.now()))).toBe(
      false,
    );
    expect(await getOperation(t, token, w2.id)).toMatchObject({
      status: 'FAILED',
      reason,
      endToEndId: null,
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '30.00', pending: '0.00' },
    ]);
    expect(await eventsOf(w2.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('rolls the state, history, money and event back together when the transaction fails', async () => {
    const { token } = await t.customer();
    const accountId = await productionAccount(token);
    const id = (
      await postDeposit(t, token, { accountId, asset: 'BRL', amount: '7.00' })
    ).json<OperationBody>().id;
    await expect(
      step(async (tx) => {
        await receiveDeposit(tx, { queue }, id, { at: clock.now() });
        throw new Error('crash after the step');
      }),
    ).rejects.toThrow('crash after the step');
    expect(await getOperation(t, token, id)).toMatchObject({
      status: 'REQUESTED',
      states: [{ status: 'REQUESTED' }],
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([{ available: '0.00' }]);
    expect(await eventsOf(id)).toEqual(['OPERATION_REQUESTED']);
  });
});
