import { describe, expect, it } from 'vitest';
import { houseBalance } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { formatAmount, maxAmountMinor, parseAmount } from '../../src/lib/money.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { createQuote } from '../helpers/quoted-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { accountHolder, sandboxSteps, useSandboxApp } from '../helpers/world.js';

// Issue 16 point 0: amounts are BigInt end to end and int8 in the database, so a balance built
// from deposits each within the per-request maximum (21,000,000 BTC = 2.1 × 10^15 satoshis) may
// pass 2^53 (≈ 9.007 × 10^15) and stays exact: in the balance, the statement, the holds and the
// ledger's verification, on both engines.
const TWO_53 = 2n ** 53n;
const DEPOSITS = 5;

describe.each(ENGINES)('a balance beyond 2^53 minor units on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine);

  const settle = () => sandboxSteps(t, clock, 3);

  it('credits deposits past 2^53 exactly and reads them back in the balance, statement and ledger', async () => {
    const { token, accountId } = await accountHolder(t, clock, { assets: ['BTC', 'USDT'] });
    const each = maxAmountMinor('BTC'); // 21,000,000 BTC, the most one request may carry
    // One satoshi more each time, so no digit of the sum is a round number a float could hit.
    const amounts = Array.from({ length: DEPOSITS }, (_, i) => each - BigInt(i));
    const ids: string[] = [];
    for (const amount of amounts) {
      const res = await postDeposit(t, token, {
        accountId,
        asset: 'BTC',
        amount: formatAmount(amount, 'BTC'),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<OperationBody>().id);
    }
    await settle();
    for (const id of ids) expect((await getOperation(t, token, id)).status).toBe('COMPLETED');

    const total = amounts.reduce((sum, a) => sum + a, 0n); // 10,499,999,999,999,990 satoshis
    expect(total > TWO_53).toBe(true);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BTC', available: formatAmount(total, 'BTC'), pending: '0.00000000' },
      { asset: 'USDT', available: '0.000000' },
    ]);
    expect(formatAmount(total, 'BTC')).toBe('104999999.99999990');

    // The statement's running balance crosses 2^53 on the fourth entry, to the satoshi (the
    // deposits settle in whichever order their jobs ran: the amounts are compared as a set).
    const statement = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/statement?asset=BTC&sortOrder=ASCENDING`,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const entries = statement.json<{ data: { amount: string; balanceAfter: string }[] }>().data;
    let running = 0n;
    for (const entry of entries) {
      running += parseAmount(entry.amount, 'BTC');
      expect(entry.balanceAfter).toBe(formatAmount(running, 'BTC'));
    }
    expect(running).toBe(total);
    expect(entries.map((e) => e.amount).sort()).toEqual(
      amounts.map((a) => formatAmount(a, 'BTC')).sort(),
    );

    // The database holds the exact integers too (an int8 read as a bigint).
    const row = await t.handle.db
      .selectFrom('ledger_balances')
      .select(['available', 'pending'])
      .where('account_id', '=', accountId)
      .where('asset', '=', 'BTC')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ available: total, pending: 0n });
    expect((await houseBalance(t.handle.db, 'sys_clearing', 'BTC')).available <= -total).toBe(true);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('holds and spends from a balance beyond 2^53 exactly (a swap)', async () => {
    const { token, accountId } = await accountHolder(t, clock, { assets: ['BTC', 'USDT'] });
    for (let i = 0; i < DEPOSITS; i++) {
      const res = await postDeposit(t, token, { accountId, asset: 'BTC', amount: '21000000' });
      expect(res.statusCode, res.body).toBe(201);
    }
    await settle();
    const funded = BigInt(DEPOSITS) * maxAmountMinor('BTC');

    const q = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BTC',
      targetAsset: 'USDT',
      sourceAmount: '0.00000123',
    });
    const swap = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/swap',
      payload: { accountId, quoteId: q.id },
    });
    expect(swap.statusCode, swap.body).toBe(201);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BTC', available: formatAmount(funded - 123n, 'BTC'), pending: '0.00000123' },
      { asset: 'USDT', available: '0.000000' },
    ]);

    await settle();
    const done = await getOperation(t, token, swap.json<OperationBody>().id);
    expect(done.status, JSON.stringify(done.reason)).toBe('COMPLETED');
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BTC', available: formatAmount(funded - 123n, 'BTC'), pending: '0.00000000' },
      { asset: 'USDT', available: q.targetAmount },
    ]);
    expect(parseAmount(q.targetAmount, 'USDT') > 0n).toBe(true);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
