import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { formatAmount } from '../../src/lib/money.js';
import { balancesOf } from '../helpers/operations.js';
import {
  cancelOrder,
  eventTypesOf,
  getOrder,
  placedOrder,
  tradingAccount,
} from '../helpers/orders.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { useSandboxApp } from '../helpers/world.js';

const CHECK_MS = 1_000;
const ROUNDS = 12;

// Issue 8 points 4 and 11: a fill (the order check) and a cancel racing → exactly one wins. Both
// are compare-and-sets on the operation's status, backed by the hold's own compare-and-set.
describe.each(ENGINES)('a fill and a cancel racing on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, {
    env: { COFRE_ORDER_CHECK_INTERVAL_MS: String(CHECK_MS), COFRE_DATABASE_POOL_SIZE: '10' },
  });

  it('ends every order in one terminal state with one terminal event, the ledger clean', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '1000.00' });
    const outcomes = { filled: 0, cancelled: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      // 6.67 BRL per USDT crosses every sandbox price: the next check fills it, unless cancelled.
      const order = await placedOrder(t, token, {
        accountId,
        side: 'BUY',
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        type: 'LIMIT',
        amount: '1',
        limitPrice: '6.67',
      });
      clock.advance(CHECK_MS);
      // Either side starts first, by turns, the other a few event-loop turns later (a sweep
      // of interleavings; no wall-clock sleep).
      const later = async <T>(turns: number, run: () => Promise<T>): Promise<T> => {
        for (let i = 0; i < turns; i += 1) await new Promise<void>((r) => setImmediate(r));
        return run();
      };
      const turns = Math.floor(round / 2) * 3;
      const cancelling = () => cancelOrder(t, token, order.id);
      const checking = () => runDueJobs(t);
      const [, cancel] =
        round % 2 === 0
          ? await Promise.all([checking(), later(turns, cancelling)])
          : await Promise.all([later(turns, checking), cancelling()]);
      const after = await getOrder(t, token, order.id);
      const terminal = (await eventTypesOf(t, order.id)).filter((e) => e !== 'OPERATION_REQUESTED');
      if (cancel.statusCode === 200) {
        outcomes.cancelled += 1;
        expect(after).toMatchObject({
          status: 'FAILED',
          reason: { code: 'CANCELLED_BY_CUSTOMER' },
        });
        expect(terminal).toEqual(['OPERATION_FAILED']);
      } else {
        outcomes.filled += 1;
        expect(cancel.statusCode, cancel.body).toBe(409);
        expect(after).toMatchObject({ status: 'COMPLETED', executedPrice: '6.67' });
        expect(terminal).toEqual(['OPERATION_COMPLETED']);
      }
      expect(after.states.map((s) => s.status).slice(2)).toHaveLength(1);
    }
    // The sandbox default has no ORDER fee: a fill costs exactly 6.67 BRL.
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      {
        asset: 'BRL',
        available: formatAmount(BigInt(100_000 - 667 * outcomes.filled), 'BRL'),
        pending: '0.00',
      },
      { asset: 'USDT', available: `${outcomes.filled}.000000`, pending: '0.000000' },
    ]);
    expect(outcomes.filled + outcomes.cancelled).toBe(ROUNDS);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('two cancels racing: one 200, one 409, one release', async () => {
    const { token } = await t.customer();
    const accountId = await tradingAccount(t, clock, token, { BRL: '100.00' });
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      const order = await placedOrder(t, token, {
        accountId,
        side: 'BUY',
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        type: 'LIMIT',
        amount: '1',
        limitPrice: '2',
      });
      const answers = await Promise.all([
        cancelOrder(t, token, order.id),
        cancelOrder(t, token, order.id),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await eventTypesOf(t, order.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_FAILED']);
    }
    expect((await balancesOf(t, token, accountId))[0]).toMatchObject({
      available: '100.00',
      pending: '0.00',
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
