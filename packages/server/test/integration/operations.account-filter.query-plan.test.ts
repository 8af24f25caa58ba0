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

/** SQLite's SEARCH of the (customer, account) or (customer, counterparty) index by both. */
const ACCOUNT_INDEX_SEARCH =
  /^SEARCH operations USING INDEX operations_customer_(account_created \(customer_id=\? AND account_id=\?|counterparty_created \(customer_id=\? AND counterparty_account_id=\?)/;

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
 * matching row, then a sort of all of them; now each (account, column) pair is an ordered index
 * walk that stops at the page's size (src/operations/read-operations-of-accounts.ts). Asserted,
 * for the first page and a page from the middle of the history, in both orders:
 *
 * - PostgreSQL (EXPLAIN ANALYZE): no BitmapOr, and the rows the scans examined (returned plus
 *   removed by a filter) are at most 2 × FETCH per branch, where the old query examined every
 *   row of the account (over 5,000 here); any sort sorts at most FETCH rows per branch.
 * - SQLite (EXPLAIN QUERY PLAN): no MULTI-INDEX OR; every read of `operations` is a SEARCH of
 *   the (customer, account) or (customer, counterparty) index by equality on both, alone in its
 *   branch (a co-routine) with no "USE TEMP B-TREE FOR ORDER BY" beside it, so it is read in the
 *   page's order and stops at the branch's LIMIT; a temporary B-tree only orders a branch's
 *   output (at most FETCH rows).
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

  const expectBoundedOnPostgres = async (statement: SpiedStatement, branches: number) => {
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
    expect(
      nodes.filter((n) => n['Node Type'] === 'BitmapOr'),
      shown,
    ).toEqual([]);
    const examined = nodes
      .filter((n) => n['Relation Name'] === 'operations')
      .reduce(
        (sum, n) =>
          sum +
          ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1),
        0,
      );
    expect(examined, shown).toBeLessThanOrEqual(2 * FETCH * branches);
    for (const sort of nodes.filter((n) => n['Node Type'] === 'Sort')) {
      expect(sort['Actual Rows'] ?? 0, shown).toBeLessThanOrEqual(FETCH * branches);
    }
  };

  const expectBoundedOnSqlite = async (
    statement: SpiedStatement,
    branches: number,
    byAccount: boolean,
  ) => {
    const result = await t.handle.db.executeQuery<SqliteNode>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
    );
    const nodes = result.rows;
    const shown = nodes.map((n) => `${n.id}<${n.parent} ${n.detail}`).join('\n');
    expect(shown).not.toMatch('MULTI-INDEX OR');
    const reads = nodes.filter((n) => /^(SCAN|SEARCH) operations\b/.test(n.detail));
    expect(reads, shown).toHaveLength(branches);
    for (const read of reads) {
      // Another filter's index may drive a branch instead (an equality on it, so still in
      // order): SQLite's choice by its statistics, as for that filter alone.
      const index = byAccount
        ? ACCOUNT_INDEX_SEARCH
        : /^SEARCH operations USING INDEX \w+ \(customer_id=\? AND \w+=\?/;
      expect(read.detail, shown).toMatch(index);
      const parent = nodes.find((n) => n.id === read.parent);
      expect(parent?.detail, shown).toMatch(/^CO-ROUTINE /);
      const beside = nodes.filter((n) => n.parent === read.parent).map((n) => n.detail);
      expect(beside, shown).toEqual([read.detail]);
    }
  };

  const expectPageCost = async (filters: OperationFilters, accounts: number, byAccount = true) => {
    for (const order of ['desc', 'asc'] as const) {
      for (const deep of [false, true]) {
        const statement = await statementOf(filters, planFor(order, deep));
        if (engine === 'postgres') await expectBoundedOnPostgres(statement, 2 * accounts);
        else await expectBoundedOnSqlite(statement, 2 * accounts, byAccount);
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
    await expectPageCost({ accountId: h.busy, statuses: ['COMPLETED'], assets: ['BRL'] }, 1, false);
  });
});
