import { expect } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { balancesOf } from './operations.js';
import type { TestApp } from './test-app.js';

/** An account's money as a refusal must leave it: its balances, its operations, its holds. */
export async function moneyOf(t: TestApp, token: string, accountId: string) {
  const count = async (table: 'operations' | 'ledger_holds') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    balances: await balancesOf(t, token, accountId),
    operations: await count('operations'),
    holds: await count('ledger_holds'),
  };
}

/** The account as `before` (moneyOf) found it, and the ledger verifying: nothing moved. */
export async function expectNothingMoved(
  t: TestApp,
  token: string,
  accountId: string,
  before: Awaited<ReturnType<typeof moneyOf>>,
): Promise<void> {
  expect(await moneyOf(t, token, accountId)).toEqual(before);
  expect(await verifyLedger(t.handle.db)).toEqual([]);
}
