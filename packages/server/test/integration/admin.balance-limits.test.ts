import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { postTransfer } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { MAX_BALANCE_MINOR } from '../../src/lib/money.js';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 16 point 0, production: the back-office receiving a deposit that would take the
// customer's balance above its maximum is refused (422), nothing moved or audited, and the
// deposit can then be failed.
describe.each(ENGINES)('back-office settlement at the balance maximum on %s', (engine) => {
  const t = useTestApp(engine, { env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' } });

  it('refuses to receive a deposit past the maximum with 422 BALANCE_LIMIT_EXCEEDED, then fails it', async () => {
    const { token } = await t.customer();
    const created = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'] },
    });
    const accountId = created.json<{ id: string }>().id;
    const activated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/assets/BRL/activate`,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await transact(t.handle.db, ({ trx }) =>
      postTransfer(trx, {
        kind: 'DEPOSIT',
        postings: [
          {
            accountId: 'sys_clearing',
            asset: 'BRL',
            bucket: 'AVAILABLE',
            direction: 'DEBIT',
            amount: MAX_BALANCE_MINOR,
          },
          {
            accountId,
            asset: 'BRL',
            bucket: 'AVAILABLE',
            direction: 'CREDIT',
            amount: MAX_BALANCE_MINOR,
          },
        ],
        operationId: null,
        description: 'Seeded at the maximum',
        at: Date.now(),
      }),
    );
    const deposit = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '0.01' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const id = deposit.json<OperationBody>().id;
    const before = await balancesOf(t, token, accountId);
    const audited = (await auditRows(t)).length;

    const receive = await asAdmin(t, { method: 'POST', url: `/admin/v1/operations/${id}/receive` });
    expectProblem(receive, 422, 'BALANCE_LIMIT_EXCEEDED');
    expect((await getOperation(t, token, id)).status).toBe('REQUESTED');
    expect(await balancesOf(t, token, accountId)).toEqual(before);
    expect((await auditRows(t)).length).toBe(audited);

    const fail = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/operations/${id}/fail`,
      payload: { reason: { code: 'BALANCE_LIMIT_EXCEEDED', message: 'Returned to the sender.' } },
    });
    expect(fail.statusCode, fail.body).toBe(200);
    expect((await getOperation(t, token, id)).status).toBe('FAILED');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
