import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hotRead, runHotRead } from '../../src/db/hot-reads.js';
import { transact } from '../../src/db/transact.js';
import { balancesOfAccounts } from '../../src/ledger/balances.repository.js';
import { ledgerAccount } from '../helpers/ledger.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Hot reads (db/hot-reads.ts) run below Kysely: a prepared statement bound with new values. They
// must read what Kysely reads, exactly (money as a bigint past 2^53), and never read inside
// another caller's open transaction (SQLite has one connection: such a read would see
// uncommitted rows).
describe.each(ENGINES)('hot reads on %s', (engine) => {
  const t = useTestApp(engine);

  const setAvailable = (db = t.handle.db, accountId: string, value: string) =>
    db
      .updateTable('ledger_balances')
      .set({ available: sql<bigint>`${sql.raw(value)}` })
      .where('account_id', '=', accountId)
      .execute();

  it('read exactly what the query builder reads, money past 2^53 included', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL', 'USDT'], {
      asset: 'BRL',
      amount: 1_000n,
    });
    await setAvailable(t.handle.db, accountId, '9007199254740993');
    const other = await ledgerAccount(t.handle.db, ['BRL']);
    // One id is the hot read; two ids go through Kysely.
    const hot = await balancesOfAccounts(t.handle.db, [accountId]);
    const built = await balancesOfAccounts(t.handle.db, [accountId, other]);
    expect(hot.get(accountId)).toEqual(built.get(accountId));
    expect(hot.get(accountId)).toContainEqual({
      asset: 'BRL',
      available: 9_007_199_254_740_993n,
      pending: 0n,
    });
    // Read again: the statement is bound with new values, not answered from the first call.
    expect((await balancesOfAccounts(t.handle.db, [other])).get(other)).toEqual([
      { asset: 'BRL', available: 0n, pending: 0n },
    ]);
  });

  it("never read another caller's uncommitted change", async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 100n });
    let committed = false;
    let seen: { available: bigint; whileOpen: boolean } | undefined;
    let reading: Promise<unknown> | undefined;
    await transact(t.handle.db, async ({ trx }) => {
      await setAvailable(trx, accountId, '777');
      reading = balancesOfAccounts(t.handle.db, [accountId]).then((balances) => {
        seen = { available: balances.get(accountId)![0]!.available, whileOpen: !committed };
      });
      // Give the read every chance to run inside the open transaction. On PostgreSQL it runs on
      // another connection and may be awaited here; on SQLite that would wait forever.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      if (engine === 'postgres') await reading;
    });
    committed = true;
    await reading;
    // PostgreSQL: read on another connection while the transaction was open, its committed
    // state. SQLite: waited for the transaction to end (the one connection), then read it.
    expect(seen).toEqual(
      engine === 'postgres'
        ? { available: 100n, whileOpen: true }
        : { available: 777n, whileOpen: false },
    );
  });

  it('refuse a read that selects * (a prepared select * breaks when a column is added)', async () => {
    const read = hotRead(`test_select_star_${engine}`, [], (db) =>
      db.selectFrom('accounts').selectAll(),
    );
    await expect(runHotRead(t.handle.db, read, {})).rejects.toThrow(/selects \*/);
  });

  it("inside a transaction, read the transaction's own changes", async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 100n });
    await transact(t.handle.db, async ({ trx }) => {
      await setAvailable(trx, accountId, '555');
      const balances = await balancesOfAccounts(trx, [accountId]);
      expect(balances.get(accountId)![0]!.available).toBe(555n);
    });
  });
});

describe('hot read definitions', () => {
  it('refuse a second read under a name in use (it names a PostgreSQL prepared statement)', async () => {
    const build = (db: Parameters<Parameters<typeof hotRead>[2]>[0]) =>
      db.selectFrom('accounts').select('id');
    hotRead('test_only_read', [], build);
    expect(() => hotRead('test_only_read', [], build)).toThrow(/defined twice/);
  });
});
