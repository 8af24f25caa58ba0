import { houseBalance } from '../../src/ledger/balances.repository.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { END_TO_END_ID } from '../../src/pix/end-to-end-id.js';
import { ADMIN_ENV, asAdmin, auditRows, operatorAction } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { operatorFundedAccount, useTestApp } from '../helpers/world.js';

const FEES = JSON.stringify({ PIX_PAYMENT: { fixed: { BRL: '1.00' } } });
const ENTRY = {
  holder: { type: 'INDIVIDUAL', name: 'Maria da Silva', taxId: '529.982.247-25' },
  bank: { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
};

// Issue 8 point 5 in production: the directory is what the operator registered through the
// back-office (audited), and the back-office's complete/fail endpoints drive the payment.
describe.each(ENGINES)('PIX payments in production on %s', (engine) => {
  let token: string;

  const clock = new ManualClock();
  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production', COFRE_FEES: FEES },
  });

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  const putKey = (key: string, body: object = ENTRY) =>
    asAdmin(
      t,
      { method: 'PUT', url: `/admin/v1/pix/keys/${encodeURIComponent(key)}`, payload: body },
      'ops-alice',
    );
  const lookup = (key: string) =>
    t.as(token, { method: 'GET', url: `/v1/pix/keys/${encodeURIComponent(key)}` });
  const pay = (payload: object) =>
    t.as(token, { method: 'POST', url: '/v1/operations/pixPayment', payload });

  const fundedAccount = (amount: string) =>
    operatorFundedAccount(t, token, ['BRL'], [{ asset: 'BRL', amount }]);

  it('knows only the keys the operator registered; set, replace and remove are audited', async () => {
    // Production has no deterministic directory: an unregistered key is unknown.
    expectProblem(await lookup('pay@example.com'), 404, 'PIX_KEY_NOT_FOUND');
    const auditBefore = (await auditRows(t)).length;

    const created = await putKey('Pay@Example.com');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      keyType: 'EMAIL',
      key: 'pay@example.com',
      holder: { type: 'INDIVIDUAL', name: 'Maria da Silva', taxId: '52998224725' },
      bank: { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
    });
    const found = await lookup('pay@example.com');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      keyType: 'EMAIL',
      key: 'pay@example.com',
      holder: { type: 'INDIVIDUAL', name: 'Mar** da Sil**', taxId: '***.982.247-**' },
      bank: { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
    });

    const replaced = await putKey('pay@example.com', {
      holder: { type: 'COMPANY', name: 'ACME Ltda', taxId: '11.222.333/0001-81' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await lookup('pay@example.com')).json()).toMatchObject({
      holder: { type: 'COMPANY', name: 'ACM** Ltd**', taxId: '11.222.333/0001-81' },
      bank: null,
    });
    const operatorView = await asAdmin(t, {
      method: 'GET',
      url: '/admin/v1/pix/keys/pay@example.com',
    });
    expect(operatorView.json()).toMatchObject({ holder: { name: 'ACME Ltda' } });

    // Refusals write nothing.
    expectProblem(await putKey('not-a-key'), 400, 'INVALID_DATA');
    expectProblem(
      await putKey('other@example.com', {
        holder: { type: 'INDIVIDUAL', name: 'X', taxId: '529.982.247-26' },
      }),
      400,
      'INVALID_DATA',
    );
    expectProblem(
      await asAdmin(t, { method: 'DELETE', url: '/admin/v1/pix/keys/other@example.com' }),
      404,
      'RESOURCE_NOT_FOUND',
    );

    const removed = await asAdmin(t, {
      method: 'DELETE',
      url: '/admin/v1/pix/keys/pay@example.com',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expectProblem(await lookup('pay@example.com'), 404, 'PIX_KEY_NOT_FOUND');

    const audit = (await auditRows(t)).slice(auditBefore);
    expect(audit.map((r) => [r.action, r.subject_type, r.subject_id])).toEqual([
      ['PIX_KEY_SET', 'PIX_KEY', 'pay@example.com'],
      ['PIX_KEY_SET', 'PIX_KEY', 'pay@example.com'],
      ['PIX_KEY_REMOVED', 'PIX_KEY', 'pay@example.com'],
    ]);
    expect(audit[0]).toMatchObject({ actor: 'ops-alice', before: null });
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ holder: { name: 'Maria da Silva' } });
    expect(audit[2]!.after).toBeNull();
  });

  it('the back-office completes a payment (amount to clearing, fee to sys_fees) or fails it (hold released)', async () => {
    expect((await putKey('+5511912345678')).statusCode).toBe(201);
    const accountId = await fundedAccount('50.00');
    const payment = {
      accountId,
      amount: '10.00',
      pixKey: { keyType: 'PHONE', key: '+5511912345678' },
    };
    // A key nobody registered is refused at creation, nothing held.
    expectProblem(
      await pay({ ...payment, pixKey: { keyType: 'EMAIL', key: 'nobody@example.com' } }),
      404,
      'PIX_KEY_NOT_FOUND',
    );

    const first = await pay(payment);
    expect(first.statusCode, first.body).toBe(201);
    const second = await pay(payment);
    expect(second.statusCode, second.body).toBe(201);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '28.00', pending: '22.00' },
    ]);
    // No simulator in production: they wait for the operator.
    clock.advance(60_000);
    await runDueJobs(t);
    expect((await getOperation(t, token, first.json<OperationBody>().id)).status).toBe('REQUESTED');

    const completed = await operatorAction(t, 'complete', first.json<OperationBody>().id);
    expect(completed.statusCode, completed.body).toBe(200);
    const done = await getOperation(t, token, first.json<OperationBody>().id);
    expect(done.status).toBe('COMPLETED');
    expect(done.endToEndId).toMatch(END_TO_END_ID);
    expect(done.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);

    const failed = await operatorAction(t, 'fail', second.json<OperationBody>().id, {
      reason: { code: 'PIX_PAYMENT_REJECTED', message: 'Receiver account closed' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await getOperation(t, token, second.json<OperationBody>().id)).toMatchObject({
      status: 'FAILED',
      reason: { code: 'PIX_PAYMENT_REJECTED', message: 'Receiver account closed' },
    });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { available: '39.00', pending: '0.00' },
    ]);
    const fees = await houseBalance(t.handle.db, 'sys_fees', 'BRL');
    expect(fees.available).toBe(100n);
    // Settled once: a second complete is a 409.
    expectProblem(
      await operatorAction(t, 'complete', first.json<OperationBody>().id),
      409,
      'INVALID_STATE',
    );
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
