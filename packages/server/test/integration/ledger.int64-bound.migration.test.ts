import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { getBalances, placeHold } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ledgerAccount } from '../helpers/ledger.js';
import { testMigrator } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Migration 0018 widens the bound of a balance row from ±(2^53 − 1) to ±(2^63 − 1). On SQLite
// it rebuilds ledger_balances: the rows, and the entries' and holds' references to them, survive
// it both ways, and foreign keys are enforced again afterwards.
describe.each(ENGINES)('the int8 balance bound migration on %s', (engine) => {
  const t = useTestApp(engine);

  const migrator = () => testMigrator(t.handle.db);
  const setAvailable = (accountId: string, value: string) =>
    t.handle.db
      .updateTable('ledger_balances')
      .set({ available: sql<bigint>`${sql.raw(value)}` })
      .where('account_id', '=', accountId)
      .execute();

  it('keeps balances, entries and holds across down and up, and moves the bound', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 1_000n });
    await transact(t.handle.db, ({ trx }) =>
      placeHold(trx, {
        accountId,
        asset: 'BRL',
        amount: 300n,
        operationId: null,
        description: 'Withdrawal',
        at: Date.now(),
      }),
    );
    const before = await getBalances(t.handle.db, accountId);

    const down = await migrator().migrateTo('0016-events-feed');
    expect(down.error).toBeUndefined();
    expect(await getBalances(t.handle.db, accountId)).toEqual(before);
    await expect(setAvailable(accountId, '9007199254740992')).rejects.toThrow(/check|constraint/i);

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toContain('0018-int64-balances');
    expect(await getBalances(t.handle.db, accountId)).toEqual(before);
    expect(await verifyLedger(t.handle.db)).toEqual([]);

    await setAvailable(accountId, '9007199254740993');
    expect((await getBalances(t.handle.db, accountId))[0]!.available).toBe(9_007_199_254_740_993n);
    await setAvailable(accountId, String(before[0]!.available));

    // The entries still reference a balance row that must exist.
    await expect(
      t.handle.db
        .insertInto('ledger_holds')
        .values({
          id: 'hold_orphan',
          account_id: 'acc_nobody',
          asset: 'BRL',
          amount: 1n,
          status: 'HELD',
          operation_id: null,
          hold_journal_id: 'journal_x',
          settle_journal_id: null,
          created_at: Date.now(),
          settled_at: null,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
