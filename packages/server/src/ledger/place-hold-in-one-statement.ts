import { sql } from 'kysely';
import { hotRead, runHotRead } from '../db/hot-reads.js';
import type { Trx } from '../db/transact.js';
import { newId } from '../lib/ids.js';
import type { Asset } from '../lib/money.js';

/**
 * PostgreSQL only (db/dialect.ts `writesInOneStatement`): a hold — the conditional balance
 * UPDATE, its HOLD journal, the journal's two entries and the hold row — as ONE statement of
 * data-modifying CTEs. Every withdrawal of an account contends for its balance row, and the row
 * lock lasts from the UPDATE to the commit: written as separate statements (postJournal, then the
 * hold insert) that is four round trips; here it is one, then the commit.
 *
 * It writes exactly what placeHold's portable path writes (tested on both engines against the
 * same expectations, and by verifyLedger): entries carry the bucket's value after them (for a
 * one-row journal that is the row's value the UPDATE returns) and the same `position`
 * (journal.repository.ts entryPosition: booking time, row version, index). Nothing is written
 * when the UPDATE refuses (every insert selects from its result).
 *
 * Returns whether the hold was placed; false means the balance does not cover it, or the row
 * does not exist (the caller tells those apart).
 */
export async function placeHoldInOneStatement(
  trx: Trx,
  input: {
    holdId: string;
    accountId: string;
    asset: Asset;
    amount: bigint;
    operationId: string | null;
    description: string;
    at: number;
  },
): Promise<boolean> {
  const journalId = newId('journal', input.at);
  const [debitId, creditId] = [newId('entry', input.at), newId('entry', input.at)];
  const rows = await runHotRead(trx, HOLD, { ...input, journalId, debitId, creditId });
  return rows.length === 1;
}

type Hold = {
  holdId: string;
  accountId: string;
  asset: Asset;
  amount: bigint;
  operationId: string | null;
  description: string;
  at: number;
  journalId: string;
  debitId: string;
  creditId: string;
};

/**
 * A hot statement (db/hot-reads.ts): every withdrawal and swap on PostgreSQL runs it, and its
 * five parts are parsed and planned once per connection instead of on every request.
 */
const HOLD = hotRead(
  'place_hold_in_one_statement',
  [
    'holdId',
    'accountId',
    'asset',
    'amount',
    'operationId',
    'description',
    'at',
    'journalId',
    'debitId',
    'creditId',
  ],
  (db, v: Hold) => {
    const { holdId, accountId, asset, amount, operationId, description, at } = v;
    const { journalId, debitId, creditId } = v;
    const position = (index: string) =>
      sql`lpad(b.updated_at::text, 15, '0') || lpad(b.version::text, 12, '0') || ${sql.lit(index)}`;
    const statement = sql<{ held: number }>`
    with b as (
      update ledger_balances
         set available = available - ${amount}::bigint,
             pending = pending + ${amount}::bigint,
             version = version + 1,
             updated_at = case when updated_at > ${at}::bigint then updated_at else ${at}::bigint end
       where account_id = ${accountId} and asset = ${asset} and available >= ${amount}::bigint
      returning available, pending, version, updated_at
    ), j as (
      insert into ledger_journals (id, kind, operation_id, description, created_at)
      select ${journalId}::text, 'HOLD', ${operationId}::text, ${description}::text, ${at}::bigint
        from b
    ), e as (
      insert into ledger_entries (id, journal_id, account_id, asset, bucket, direction, amount,
                                  balance_after, operation_id, description, created_at, position)
      select ${debitId}::text, ${journalId}::text, ${accountId}::text, ${asset}::text,
             'AVAILABLE', 'DEBIT', ${amount}::bigint, b.available, ${operationId}::text,
             ${description}::text, b.updated_at, ${position('000')}
        from b
      union all
      select ${creditId}::text, ${journalId}::text, ${accountId}::text, ${asset}::text,
             'PENDING', 'CREDIT', ${amount}::bigint, b.pending, ${operationId}::text,
             ${description}::text, b.updated_at, ${position('001')}
        from b
    ), h as (
      insert into ledger_holds (id, account_id, asset, amount, status, operation_id,
                                hold_journal_id, settle_journal_id, created_at, settled_at)
      select ${holdId}::text, ${accountId}::text, ${asset}::text, ${amount}::bigint, 'HELD',
             ${operationId}::text, ${journalId}::text, null, ${at}::bigint, null
        from b
    )
    select 1 as held from b`;
    // A raw statement compiles against a handle; hot reads compile without one.
    return { compile: () => statement.compile(db) };
  },
);
