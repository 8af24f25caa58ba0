import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/lib/ids.js';
import type { NewAccountRow } from '../../src/modules/accounts/accounts.table.js';
import type { NewOperationRow } from '../../src/operations/operations.table.js';

/** What `seedAccountHistory` made: the customer, its accounts and `busy`'s operations. */
export interface AccountHistory {
  customerId: string;
  /** `busy` has the history; `peer` is its transfers' other account; `other` sends to `busy`. */
  busy: string;
  peer: string;
  other: string;
  /** The operations on or with `busy`, oldest first. */
  operations: NewOperationRow[];
}

export interface HistorySize {
  /** Operations on `busy`; one in ten more are `other`'s transfers to it. */
  operations: number;
  /** Operations of the customer's fourth account, `noisy`, over the same time. */
  others: number;
}

const T0 = Date.UTC(2026, 0, 1);
/** Time between two of `busy`'s operations. */
const STEP = 1_000;

const accountRow = (customerId: string, at: number): NewAccountRow => ({
  id: newId('account', at),
  customer_id: customerId,
  type: 'CHECKING',
  status: 'ACTIVE',
  name: null,
  assets: '[{"asset":"BRL","status":"ACTIVE"}]',
  created_at: at,
  updated_at: at,
});

/**
 * A customer whose account `busy` has a long history, written straight into the tables (the
 * query-plan tests and the account filter's measurement need thousands of rows, in seconds):
 * `size.operations` on `busy`, every fifth a transfer to `peer` (an operation on two accounts
 * of one set), and one in ten as many transfers from `other` to `busy`, interleaved in time;
 * and `size.others` operations of another account over the same time, so that `busy`'s rows
 * are a share of the customer's, as an account's are of a busy customer's.
 */
export async function seedAccountHistory(db: Db, size: HistorySize): Promise<AccountHistory> {
  const customerId = newId('customer', T0);
  await db
    .insertInto('customers')
    .values({ id: customerId, name: 'History', created_at: T0 })
    .execute();
  const accounts = [0, 1, 2, 3].map((a) => accountRow(customerId, T0 + a));
  await db.insertInto('accounts').values(accounts).execute();
  const [busy, peer, other, noisy] = accounts.map((a) => a.id) as [string, string, string, string];
  const operations: NewOperationRow[] = [];
  const total = size.operations + Math.floor(size.operations / 10);
  for (let i = 0; i < total; i++) {
    // Every eleventh row is `other`'s transfer to `busy`; the rest are `busy`'s own.
    const inbound = i % 11 === 10;
    const transfer = inbound || i % 5 === 0;
    const at = T0 + STEP + i * STEP;
    operations.push({
      id: newId('operation', at),
      customer_id: customerId,
      account_id: inbound ? other : busy,
      counterparty_account_id: inbound ? busy : transfer ? peer : null,
      type: transfer ? 'TRANSFER' : 'DEPOSIT',
      status: i % 3 === 0 ? 'FAILED' : 'COMPLETED',
      asset: 'BRL',
      amount: 1000n,
      details: '{}',
      metadata: '{}',
      created_at: at,
      updated_at: at,
    });
  }
  for (let i = 0; i < operations.length; i += 500) {
    await db
      .insertInto('operations')
      .values(operations.slice(i, i + 500))
      .execute();
  }
  if (size.others > 0)
    await seedNoise(
      db,
      customerId,
      noisy,
      size.others,
      Math.max(1, Math.floor((total * STEP) / size.others)),
    );
  return { customerId, busy, peer, other, operations };
}

/** `count` deposits on `accountId`, `gap` ms apart from the history's start: one statement. */
async function seedNoise(
  db: Db,
  customerId: string,
  accountId: string,
  count: number,
  gap: number,
) {
  const start = T0 + STEP + Math.floor(STEP / 2);
  await sql`insert into operations (id, customer_id, account_id, counterparty_account_id, type,
      status, asset, amount, details, metadata, created_at, updated_at)
    with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})
    select 'op_noise_' || cast(i as text), ${customerId}, ${accountId}, null, 'DEPOSIT',
      'COMPLETED', 'BRL', 1000, '{}', '{}',
      cast(${start} as bigint) + cast(i as bigint) * ${gap},
      cast(${start} as bigint) + cast(i as bigint) * ${gap}
    from n`.execute(db);
}
