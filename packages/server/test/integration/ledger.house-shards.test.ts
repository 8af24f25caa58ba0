import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { HOUSE_SHARDS, houseRowId } from '../../src/ledger/balances.repository.js';
import { houseBalance, postDeposit } from '../../src/ledger/ledger.js';
import { SYSTEM_ACCOUNTS } from '../../src/ledger/system-accounts.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { newId } from '../../src/lib/ids.js';
import { ledgerAccount } from '../helpers/ledger.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 17 point 3: a house account (sys_clearing, sys_fees, sys_exchange) has HOUSE_SHARDS
// balance rows per asset (migration 0021), and each operation's journals pick one, so
// settlements of different customers do not all wait on one row; its balance is their sum.
describe.each(ENGINES)('house account shards on %s', (engine) => {
  const t = useTestApp(engine);

  it('has every house account in every asset as HOUSE_SHARDS rows from the migration', async () => {
    const rows = await t.handle.db
      .selectFrom('ledger_balances')
      .select(['account_id', 'asset'])
      .where('kind', '=', 'SYSTEM')
      .execute();
    for (const account of Object.values(SYSTEM_ACCOUNTS)) {
      for (const asset of ['BRL', 'USDT', 'USDC', 'BTC'] as const) {
        for (let shard = 1; shard <= HOUSE_SHARDS; shard++) {
          expect(rows).toContainEqual({ account_id: houseRowId(account, shard), asset });
        }
      }
    }
  });

  it('spreads a batch of concurrent settlements over several rows, summed exactly, verify clean', async () => {
    const before = await houseBalance(t.handle.db, SYSTEM_ACCOUNTS.clearing, 'USDC');
    const accounts = await Promise.all(
      Array.from({ length: 4 }, () => ledgerAccount(t.handle.db, ['USDC'])),
    );
    const operationIds = Array.from({ length: 24 }, () => newId('operation', Date.now()));
    await Promise.all(
      operationIds.map((operationId, i) =>
        transact(t.handle.db, ({ trx }) =>
          postDeposit(trx, {
            accountId: accounts[i % accounts.length]!,
            asset: 'USDC',
            amount: BigInt(i + 1),
            operationId,
            description: 'Concurrent settlement',
            at: Date.now(),
          }),
        ),
      ),
    );
    const rowsTouched = await t.handle.db
      .selectFrom('ledger_entries')
      .select('account_id')
      .distinct()
      .where('operation_id', 'in', operationIds)
      .where('account_id', 'like', 'sys_clearing%')
      .execute();
    expect(rowsTouched.length).toBeGreaterThan(1);
    // 1 + 2 + … + 24 = 300 minor units left the clearing account, whichever rows took them.
    expect(await houseBalance(t.handle.db, SYSTEM_ACCOUNTS.clearing, 'USDC')).toEqual({
      available: before.available - 300n,
      pending: before.pending,
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
