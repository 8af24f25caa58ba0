import { transact } from '../../src/db/transact.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/lib/ids.js';
import type { Asset } from '../../src/lib/money.js';
import { openBalances, postDeposit } from '../../src/ledger/ledger.js';

/** A fresh ledger account with zero balances in `assets` and, optionally, a first deposit. */
export async function ledgerAccount(
  db: Db,
  assets: Asset[],
  deposit?: { asset: Asset; amount: bigint },
): Promise<string> {
  const accountId = newId('account');
  await transact(db, async ({ trx }) => {
    await openBalances(trx, { accountId, assets, at: Date.now() });
    if (deposit) {
      await postDeposit(trx, {
        accountId,
        ...deposit,
        operationId: null,
        description: 'Test deposit',
        at: Date.now(),
      });
    }
  });
  return accountId;
}
