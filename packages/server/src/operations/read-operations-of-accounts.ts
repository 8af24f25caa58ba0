import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db, Tables } from '../db/database.js';
import { applyKeyset } from '../lib/keyset.js';
import type { KeysetPlan } from '../lib/pagination.js';
import type { OperationRow } from './operations.table.js';

/** A read of the operations table with the list's filters other than accounts applied. */
export type OperationRows = SelectQueryBuilder<Tables, 'operations', OperationRow>;

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
 * followed by a sort of every matching row: a page cost the accounts' whole history (issue 23,
 * point 2). Here each (account, column) pair is its own keyset read of at most `plan.fetch`
 * rows, a walk of the index on (customer_id, account_id | counterparty_account_id, created_at,
 * id) (migrations 0008, 0020) in the page's order that stops at the page's size, and the page is
 * the first rows of their UNION ALL, which PostgreSQL merges (Merge Append) and SQLite merges
 * after sorting each branch's few rows. So the engine examines about 2 × |accounts| ×
 * `plan.fetch` rows, whatever the history.
 *
 * An operation whose account and counterparty are both in `accounts` comes from two branches.
 * Leaving it out of one branch instead (`account_id NOT IN accounts` on the counterparty
 * branches) would make that branch walk past every such transfer, however many: so both copies
 * are read, the union is read to 2 × `plan.fetch` rows (a row has at most two copies, so those
 * hold the first `plan.fetch` distinct ones), and the second copy is dropped here.
 */
export async function readOperationsOfAccounts(
  db: Db,
  accounts: readonly string[],
  plan: KeysetPlan,
  rowsOf: (rows: OperationRows) => OperationRows,
): Promise<OperationRow[]> {
  if (accounts.length === 0) return [];
  const branch = (column: 'account_id' | 'counterparty_account_id', account: string) =>
    applyKeyset(
      rowsOf(db.selectFrom('operations').selectAll()).where(column, '=', account),
      plan,
      'created_at',
      'id',
    );
  // Each branch is a derived table: a member of a compound SELECT takes no ORDER BY or LIMIT of
  // its own, and neither engine merges a subquery with a LIMIT into the query around it, so each
  // stays the bounded, ordered read it is written as.
  let union: OperationRows | undefined;
  accounts.forEach((account, i) => {
    for (const [column, name] of [
      ['account_id', `a${i}`],
      ['counterparty_account_id', `c${i}`],
    ] as const) {
      const read = db.selectFrom(branch(column, account).as(name)).selectAll() as OperationRows;
      union = union === undefined ? read : union.unionAll(read);
    }
  });
  const page = db.selectFrom(union!.as('operations')).selectAll() as OperationRows;
  // The cursor is applied in every branch already.
  const rows = await applyKeyset(
    page,
    { ...plan, after: undefined, fetch: 2 * plan.fetch },
    'created_at',
    'id',
  ).execute();
  const seen = new Set<string>();
  const distinct = rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
  return distinct.slice(0, plan.fetch);
}
