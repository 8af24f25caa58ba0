import { transact } from '../../src/db/transact.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/lib/ids.js';
import type { Asset } from '../../src/lib/money.js';
import { InsufficientFundsError, openBalances, postDeposit } from '../../src/ledger/ledger.js';

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

/** What placing a hold came to, as a value: for tests that count or model the refusals. */
export type HoldOutcome = { kind: 'held'; holdId: string } | { kind: 'insufficient' };

/**
 * The outcome of `placing` (a placeHold call): held with its id, or insufficient when the ledger
 * refused it with InsufficientFundsError (having moved nothing). Any other error is thrown.
 */
export async function holdOutcome(placing: Promise<string>): Promise<HoldOutcome> {
  try {
    return { kind: 'held', holdId: await placing };
  } catch (error) {
    if (error instanceof InsufficientFundsError) return { kind: 'insufficient' };
    throw error;
  }
}
