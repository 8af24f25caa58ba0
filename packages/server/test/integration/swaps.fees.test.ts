import { houseBalance } from '../../src/ledger/balances.repository.js';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { STEP_MS, balancesOf, getOperation, type OperationBody } from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createQuote } from '../helpers/quoted-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { accountHolder, useSandboxApp } from '../helpers/world.js';

// Issue 8 point 7 on a swap: every fee line of the schedule (a percentage and a fixed part) is a
// ledger entry to sys_fees, shown on the quote and the operation, in the swap's one journal.
describe.each(ENGINES)('swap fees from COFRE_FEES on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, {
    env: {
      COFRE_FEES: JSON.stringify({ CONVERSION: { percentage: '1.25', fixed: { BRL: '0.50' } } }),
    },
  });

  it('posts the percentage (rounded up) and the fixed fee to sys_fees; the rest converts', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '10.01',
    });
    // 1.25 % of 10.01 = 0.125125 → 0.13 (rounded up), plus 0.50 fixed.
    const fees = [
      { type: 'PERCENTAGE', amount: '0.13', asset: 'BRL' },
      { type: 'ABSOLUTE', amount: '0.50', asset: 'BRL' },
    ];
    expect(quote.fees).toEqual(fees);
    const feesBefore = await sysFees();
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/swap',
      payload: { accountId, quoteId: quote.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<OperationBody>().id;
    expect(res.json<OperationBody>().fees).toEqual(fees);
    clock.advance(2 * STEP_MS);
    await runDueJobs(t);
    expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    expect(await sysFees()).toBe(feesBefore + 63n);
    const exchangeCredit = await t.handle.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('operation_id', '=', id)
      .where('account_id', 'like', 'sys_exchange%') // whichever of its rows (shards) took it
      .where('asset', '=', 'BRL')
      .executeTakeFirstOrThrow();
    expect(exchangeCredit.amount).toBe(1_001n - 63n);
    const brl = (await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL');
    expect(brl).toMatchObject({ available: '89.99', pending: '0.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  async function sysFees(): Promise<bigint> {
    return (await houseBalance(t.handle.db, 'sys_fees', 'BRL')).available;
  }
});
