import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Db, Tables } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import type { KeysetPlan } from '../lib/pagination.js';
import type { OperationRow } from './operations.table.js';

/** A read of the operations table with the list's filters other than accounts applied. */
export type OperationRows = SelectQueryBuilder<Tables, 'operations', OperationRow>;

/**
 * The list's createdAt window, [from, to) in ms: each account's read is bounded by it, so a
 * read past the window's rows stops at its edge (`rowsOf` need not apply it).
 */
export interface CreatedWindow {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Whether an operation is on or with one of `accounts`: its own account (`account_id`, every
 * kind's, a transfer's source) or a transfer's other one (`counterparty_account_id`).
 */
export function onOrWithAccounts(
  eb: ExpressionBuilder<Tables, 'operations'>,
  accounts: readonly string[],
): Expression<SqlBool> {
  return eb.or([eb('account_id', 'in', accounts), eb('counterparty_account_id', 'in', accounts)]);
}

/**
 * One page of the operations on or with one of `accounts` (onOrWithAccounts), in the plan's
 * order: at most `plan.fetch` rows past its cursor.
 *
 * That condition in one query is a BitmapOr on PostgreSQL and a MULTI-INDEX OR on SQLite, each
 * followed by a sort of every matching row, or a walk of a wider index in the page's order
 * filtering out the customer's other accounts: a page cost the account's whole history, or the
 * customer's (issue 23, point 2). Here each (account, column) pair is its own keyset read of at
 * most `plan.fetch` rows, a range of the index on (customer_id, account_id |
 * counterparty_account_id, created_at, id) (migrations 0008, 0020) in the page's order that
 * stops at the page's size, and the page is the first rows of them all. The engine examines at
 * most 2 × |accounts| × `plan.fetch` rows, whatever the history, and sorts those.
 *
 * One statement whatever the number of accounts (a bound client has up to 100: 200 reads): the
 * accounts are one bound list, read once per account by the engine (db/dialect.ts
 * rowsPerKey). Written out as a UNION ALL of one subquery per (account, column) instead, a
 * 100-account page took PostgreSQL 45–90 ms to plan and SQLite 25–100 ms to prepare and run,
 * against about 1–2 ms here (5,000 operations, load average 7–9 on 2 cores; same plan per
 * account).
 *
 * An operation whose account and counterparty are both in `accounts` is found by two reads.
 * Leaving it out of one of them instead (`account_id NOT IN accounts` on the counterparty
 * reads) would make that read walk past every such transfer, however many: so both copies are
 * read, the statement answers 2 × `plan.fetch` rows (a row has at most two copies, so those
 * hold the first `plan.fetch` distinct ones), and the second copy is dropped here.
 */
export async function readOperationsOfAccounts(
  db: Db,
  accounts: readonly string[],
  plan: KeysetPlan,
  rowsOf: (rows: OperationRows) => OperationRows,
  window: CreatedWindow = {},
): Promise<OperationRow[]> {
  if (accounts.length === 0) return [];
  // Each account once, so that no row has more than its two copies.
  const distinctAccounts = [...new Set(accounts)];
  const query = operationsOfAccountsQuery(db, distinctAccounts, plan, rowsOf, window);
  const { rows } = await query.execute(db);
  const seen = new Set<string>();
  const distinct = rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
  return distinct.slice(0, plan.fetch);
}

/**
 * The statement of readOperationsOfAccounts (`accounts` not empty): the first 2 × `plan.fetch`
 * rows of the accounts' reads, in the plan's order.
 */
export function operationsOfAccountsQuery(
  db: Db,
  accounts: readonly string[],
  plan: KeysetPlan,
  rowsOf: (rows: OperationRows) => OperationRows,
  window: CreatedWindow = {},
) {
  const dir = sql.raw(plan.order);
  const descending = plan.order === 'desc';
  const page =
    (column: 'account_id' | 'counterparty_account_id') => (account: Expression<string>) => {
      const ref = sql.ref(column);
      // The account's rows past the cursor and in the createdAt window, written as one range
      // of the index on (customer_id, column, created_at, id), each end a row value that
      // starts with the account. Not as `column = account` and bounds on (created_at, id):
      // PostgreSQL, planning for an account it knows only when the statement runs, estimates
      // it at the average account's share of the rows, and may then walk another index in the
      // page's order instead, filtering out the other accounts' rows. A range is no equality,
      // so ordering by the column first is an order only this index gives, and no other plan
      // looks cheaper.
      const bound = (op: '<' | '<=' | '>' | '>=', ...rest: (number | string)[]) => {
        const columns = [ref, ...['created_at', 'id'].slice(0, rest.length).map((c) => sql.ref(c))];
        return sql<boolean>`(${sql.join(columns)}) ${sql.raw(op)} (${sql.join([account, ...rest])})`;
      };
      const from = window.from === undefined ? bound('>=') : bound('>=', window.from);
      const to = window.to === undefined ? bound('<=') : bound('<', window.to);
      const after =
        plan.after && bound(descending ? '<' : '>', plan.after.sortValue, plan.after.id);
      const [lower, upper] = descending ? [from, after ?? to] : [after ?? from, to];
      let rows = rowsOf(db.selectFrom('operations').selectAll()).where(lower).where(upper);
      // The counterparty index holds only transfers (partial, migration 0020); neither planner
      // infers that from row values, so it is said.
      if (column === 'counterparty_account_id') rows = rows.where(column, 'is not', null);
      return rows
        .orderBy(sql`${ref} ${dir}`)
        .orderBy(sql`${sql.ref('created_at')} ${dir}`)
        .orderBy(sql`${sql.ref('id')} ${dir}`)
        .limit(plan.fetch);
    };
  const perAccount = dialectOf(db).rowsPerKey.bind(undefined, 'operations', accounts);
  // The cursor is applied in every account's read already; a row appears at most twice.
  return sql<OperationRow>`select * from (
      select * from ${perAccount(page('account_id'))} as a
      union all
      select * from ${perAccount(page('counterparty_account_id'))} as c
    ) as page
    order by ${sql.ref('created_at')} ${dir}, ${sql.ref('id')} ${dir}
    limit ${2 * plan.fetch}`;
}
