import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin, operatorAction } from '../helpers/admin.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { postRefund } from '../helpers/refunds.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 16 point 2: in production no simulator runs; the back-office settles a refund with the
// same /complete and /fail as any rail operation, and a failed one is refundable again.
describe.each(ENGINES)('PIX refunds in production on %s', (engine) => {
  const t = useTestApp(engine, {
    clock: new ManualClock(),
    env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' },
  });

  it('is settled by the back-office: /fail gives the amount back, /complete sends it with a return id', async () => {
    const { token } = await t.customer();
    const opened = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'] },
    });
    const accountId = opened.json<{ id: string }>().id;
    await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/assets/BRL/activate`,
    });
    const deposit = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '100.00' });
    const depositId = deposit.json<OperationBody>().id;
    expect((await operatorAction(t, 'receive', depositId, {})).statusCode).toBe(200);

    const first = await postRefund(t, token, depositId, { amount: '40.00', reason: 'Returned' });
    expect(first.statusCode, first.body).toBe(201);
    const failed = await operatorAction(t, 'fail', first.json<OperationBody>().id, {
      reason: { code: 'RAIL_REJECTED', message: "The payer's bank refused the return." },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '0.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '100.00', pending: '0.00' },
    ]);

    const second = await postRefund(t, token, depositId, { reason: 'All of it' });
    expect(second.statusCode, second.body).toBe(201);
    const done = await operatorAction(t, 'complete', second.json<OperationBody>().id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ operation: OperationBody }>().operation).toMatchObject({
      type: 'PIX_REFUND',
      status: 'COMPLETED',
      amount: '100.00',
      endToEndId: expect.stringMatching(/^D[0-9]{20}[A-Za-z0-9]{11}$/) as string,
    });
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '100.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
