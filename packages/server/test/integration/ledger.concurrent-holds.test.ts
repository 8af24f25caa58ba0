import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { getBalances, placeHold } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { holdOutcome, ledgerAccount } from '../helpers/ledger.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 7 point 1: available never goes below zero, enforced by the statement that moves it.
// 50 holds of 10 race for an available balance of 100, each in its own transaction; on
// PostgreSQL they run on a pool of 10 connections, so they really overlap.
describe.each(ENGINES)('concurrent holds on %s', (engine) => {
  const t = useTestApp(engine, { env: { COFRE_DATABASE_POOL_SIZE: '10' } });

  it('accepts exactly 10 of 50 holds of 10 against 100 and keeps the ledger clean', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 100n });
    let lowest: bigint | undefined;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transact(t.handle.db, async ({ trx }) => {
          const result = await holdOutcome(
            placeHold(trx, {
              accountId,
              asset: 'BRL',
              amount: 10n,
              operationId: `op_${i}`,
              description: 'Withdrawal',
              at: Date.now(),
            }),
          );
          // Read after the write, inside the same transaction: what this transaction sees.
          const [balance] = await getBalances(trx, accountId);
          if (lowest === undefined || balance!.available < lowest) lowest = balance!.available;
          return result.kind;
        }),
      ),
    );
    expect(results.filter((k) => k === 'held')).toHaveLength(10);
    expect(results.filter((k) => k === 'insufficient')).toHaveLength(40);
    expect(lowest! >= 0n).toBe(true);
    expect(await getBalances(t.handle.db, accountId)).toEqual([
      { asset: 'BRL', available: 0n, pending: 100n },
    ]);
    const holds = await t.handle.db
      .selectFrom('ledger_holds')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(holds).toHaveLength(10);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    // In statement order, each entry's balance_after is the one before it plus its amount,
    // although the transactions committed in whatever order the row lock let them.
    const entries = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['direction', 'amount', 'balance_after'])
      .where('account_id', '=', accountId)
      .where('bucket', '=', 'AVAILABLE')
      .orderBy('position')
      .orderBy('id')
      .execute();
    let running = 0n;
    for (const e of entries) {
      running += e.direction === 'CREDIT' ? e.amount : -e.amount;
      expect(e.balance_after).toBe(running);
    }
    expect(entries).toHaveLength(11);
  });
});
