import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { postRefund, settleRail } from '../helpers/refunds.js';
import { ENGINES } from '../helpers/test-db.js';
import { accountHolder, receivedDeposit, useSandboxApp } from '../helpers/world.js';

// Issue 16 point 2: refunds racing on one deposit never add up to more than it received, even
// when the account's balance could pay them all (the deposit's row is the lock, not the hold).
describe.each(ENGINES)('concurrent PIX refunds on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: { COFRE_DATABASE_POOL_SIZE: '10' } });

  const race = (token: string, depositId: string, amounts: (string | undefined)[]) =>
    Promise.all(
      amounts.map((amount, i) =>
        postRefund(t, token, depositId, {
          ...(amount === undefined ? {} : { amount }),
          reason: `Race ${i}`,
        }),
      ),
    );

  it('lets exactly one of several concurrent full refunds through', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '1000.00' },
    });
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');
    const answers = await race(token, depositId, ['100.00', undefined, '100.00', undefined]);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<{ code: string }>().code).toBe('REFUND_AMOUNT_EXCEEDED');
    }
    expect(created[0]!.json<OperationBody>().amount).toBe('100.00');
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '100.00' });
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '1000.00', pending: '100.00' },
    ]);
    await settleRail(t, clock);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('lets concurrent partial refunds through only up to the amount received', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '1000.00' },
    });
    const depositId = await receivedDeposit(t, clock, token, accountId, '100.00');
    const answers = await race(token, depositId, Array<string>(10).fill('15.00'));
    const created = answers.filter((r) => r.statusCode === 201);
    // 6 × 15.00 = 90.00 fit in 100.00; a seventh would be 105.00.
    expect(created, answers.map((r) => r.body).join('\n')).toHaveLength(6);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect(refused.json<{ code: string }>().code).toBe('REFUND_AMOUNT_EXCEEDED');
    }
    expect(await getOperation(t, token, depositId)).toMatchObject({ refundedAmount: '90.00' });
    await settleRail(t, clock);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '1010.00', pending: '0.00' },
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
