import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KeysetPlan } from '../../src/lib/pagination.js';
import {
  listOperations,
  type OperationFilters,
} from '../../src/operations/operations.repository.js';
import { seedAccountHistory, type AccountHistory } from '../helpers/account-history.js';
import { StatementSpy, type SpiedStatement } from '../helpers/statement-spy.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/**
 * Operations on the busy account: enough that a sort of all of them is plain in a plan; and of
 * the customer's other accounts, so that the account's rows are a tenth of the customer's.
 */
const HISTORY = { operations: 5_000, others: 50_000 };
const LIMIT = 10;
/** What a page reads per branch: the page and one more (lib/pagination.ts planPage). */
const FETCH = LIMIT + 1;

/** SQLite's range read of the (customer, account) or (customer, counterparty) index. */
const ACCOUNT_INDEX_SEARCH =
  /^SEARCH operations USING (COVERING )?INDEX operations_customer_(account_created \(customer_id=\? AND \(?account_id\b|counterparty_created \(customer_id=\? AND \(?counterparty_account_id\b)/;

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PgNode[];
}

interface SqliteNode {
  id: number;
  parent: number;
  detail: string;
}

/**
 * Issue 23 point 2: the `accountId` filter and a bound client's list (an operation on or with
 * the accounts) cost the page, not the accounts' history. `account_id = X OR
 * counterparty_account_id = X` was a BitmapOr (PostgreSQL) or MULTI-INDEX OR (SQLite) over every
 * matching row and a sort of them all, or (as here, where the account holds a tenth of the
 * customer's operations) a walk of a wider index in the page's order filtering out the other
 * accounts' rows; now each (account, column) pair is a range of its index read in the page's
 * order that stops at the page's size (src/operations/read-operations-of-accounts.ts).
 * Asserted for the first page and a page from the middle of the history, in both orders:
 *
 * - PostgreSQL (EXPLAIN ANALYZE): no BitmapOr; the rows the scans of `operations` examined
 *   (returned plus removed by a filter, times loops) are at most 2 × FETCH per (account,
 *   column) pair, where the old query examined 115 to 176 rows for one account here (and
 *   every row of the account when it chose a BitmapOr); a sort sorts at most FETCH rows per
 *   pair.
 * - SQLite (EXPLAIN QUERY PLAN): no MULTI-INDEX OR and no SCAN of the table; the table is read
 *   twice by the account or counterparty index, each read a range on (customer, account)
 *   that runs once per account as a correlated subquery (so it is ordered and stops at its
 *   LIMIT) with nothing beside it in that subquery (no temporary B-tree sorting its rows);
 *   every other read is by primary key. The old query walked the customer's index
 *   (operations_customer_created, or a filter's) past the other accounts' rows.
 *
 * With a createdAt window, each read's range ends at the window's edges (so a page short of
 * its limit does not read on through the rest of the account), on both engines.
 */
describe.each(ENGINES)('account filter query plans on %s', (engine) => {
  const t = useTestApp(engine);
  let h: AccountHistory;

  beforeAll(async () => {
    h = await seedAccountHistory(t.handle.db, HISTORY);
    await t.handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
  }, 120_000);

  const planFor = (order: 'asc' | 'desc', deep: boolean): KeysetPlan => {
    const middle = h.operations[Math.floor(h.operations.length / 2)]!;
    return {
      after: deep ? { sortValue: middle.created_at, id: middle.id } : undefined,
      order,
      fetch: FETCH,
      limit: LIMIT,
      direction: 'NEXT',
      from: undefined,
    };
  };

  const statementOf = async (filters: OperationFilters, plan: KeysetPlan) => {
    const spy = new StatementSpy(t.handle.db);
    const statements = await spy.capture(() => listOperations(spy.db, h.customerId, filters, plan));
    expect(statements).toHaveLength(1);
    return statements[0]!;
  };

  const expectBoundedOnPostgres = async (statement: SpiedStatement, pairs: number) => {
    const result = await t.handle.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [
        ...statement.parameters,
      ]),
    );
    const nodes: PgNode[] = [];
    const walk = (node: PgNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(result.rows[0]!['QUERY PLAN'][0].Plan);
    const shown = JSON.stringify(result.rows[0]!['QUERY PLAN'], null, 1);
    const rowsOf = (n: PgNode) => (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1);
    expect(
      nodes.filter((n) => n['Node Type'] === 'BitmapOr'),
      shown,
    ).toEqual([]);
    const examined = nodes
      .filter((n) => n['Relation Name'] === 'operations')
      .reduce((sum, n) => sum + rowsOf(n) + (n['Rows Removed by Filter'] ?? 0), 0);
    expect(examined, shown).toBeLessThanOrEqual(2 * FETCH * pairs);
    for (const sort of nodes.filter((n) => n['Node Type'] === 'Sort')) {
      const sorted = (sort.Plans ?? []).reduce((sum, n) => sum + rowsOf(n), 0);
      expect(sorted, shown).toBeLessThanOrEqual(FETCH * pairs);
    }
  };

  const expectBoundedOnSqlite = async (statement: SpiedStatement) => {
    const result = await t.handle.db.executeQuery<SqliteNode>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
    );
    const nodes = result.rows;
    const shown = nodes.map((n) => `${n.id}<${n.parent} ${n.detail}`).join('\n');
    expect(shown).not.toMatch('MULTI-INDEX OR');
    expect(shown).not.toMatch(/SCAN (operations|r)\b/);
    const byAccount = nodes.filter((n) => ACCOUNT_INDEX_SEARCH.test(n.detail));
    expect(byAccount, shown).toHaveLength(2);
    for (const read of byAccount) {
      const parent = nodes.find((n) => n.id === read.parent);
      expect(parent?.detail, shown).toMatch(/^CORRELATED LIST SUBQUERY/);
      const beside = nodes.filter((n) => n.parent === read.parent).map((n) => n.detail);
      expect(beside, shown).toEqual([read.detail]);
    }
    const others = nodes.filter(
      (n) => /^SEARCH (operations|r)\b/.test(n.detail) && !byAccount.includes(n),
    );
    for (const read of others) expect(read.detail, shown).toMatch(/\(id=\?\)$/);
  };

  const expectPageCost = async (filters: OperationFilters, accounts: number) => {
    for (const order of ['desc', 'asc'] as const) {
      for (const deep of [false, true]) {
        const statement = await statementOf(filters, planFor(order, deep));
        if (engine === 'postgres') await expectBoundedOnPostgres(statement, 2 * accounts);
        else await expectBoundedOnSqlite(statement);
      }
    }
  };

  it('reads a page of the accountId filter with ordered index walks that stop at the page', async () => {
    await expectPageCost({ accountId: h.busy }, 1);
  });

  it("reads a page of a bound client's operations with ordered index walks that stop at the page", async () => {
    await expectPageCost({ boundAccounts: [h.busy, h.peer] }, 2);
  });

  it('keeps the walks ordered and bounded under the other filters', async () => {
    await expectPageCost({ accountId: h.busy, statuses: ['COMPLETED'], assets: ['BRL'] }, 1);
  });

  it('bounds each read by the createdAt window, at both of its ends', async () => {
    // Five operations in the middle of the history: every page is the window's last, so each
    // read runs to the window's edge, not on through the rest of the account.
    const from = h.operations[2_000]!.created_at;
    const to = h.operations[2_005]!.created_at;
    await expectPageCost({ accountId: h.busy, from, to }, 1);
    if (engine === 'sqlite') {
      const statement = await statementOf({ accountId: h.busy, from, to }, planFor('desc', false));
      const { rows } = await t.handle.db.executeQuery<SqliteNode>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
      );
      const reads = rows.filter((n) => ACCOUNT_INDEX_SEARCH.test(n.detail));
      for (const read of reads)
        expect(read.detail).toMatch(
          /_id,created_at\)>=?\(\?,\?\) AND \(\w+,created_at\)<\(\?,\?\)/,
        );
    }
  });

  it('reads a page of a client bound to 100 accounts in one statement of the same shape', async () => {
    const unused = Array.from({ length: 98 }, (_, i) => `acc_${String(i).padStart(26, '0')}`);
    await expectPageCost({ boundAccounts: [h.busy, h.peer, ...unused] }, 100);
  });
});
