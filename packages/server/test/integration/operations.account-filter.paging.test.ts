import { beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';
import { buildPage, planPage, type PageQuery, type SortOrder } from '../../src/lib/pagination.js';
import {
  findOperation,
  listOperations,
  type OperationFilters,
} from '../../src/operations/operations.repository.js';
import type { NewOperationRow } from '../../src/operations/operations.table.js';
import { seedAccountHistory, type AccountHistory } from '../helpers/account-history.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const LIMIT = 7;

/**
 * Issue 23 point 2: the `accountId` filter and a bound client's list, now read as one ordered
 * walk per account and column (src/operations/read-operations-of-accounts.ts), hold exactly the
 * operations on or with the accounts, in order, each once (a transfer between two accounts of
 * the set too), across pages forwards and back in both sort orders, with the other filters.
 * Pages are read as GET /v1/operations reads them (planPage, listOperations, buildPage).
 */
describe.each(ENGINES)('account filter paging on %s', (engine) => {
  const t = useTestApp(engine);
  const codec = new CursorCodec(Buffer.alloc(32, 7));
  let h: AccountHistory;

  beforeAll(async () => {
    h = await seedAccountHistory(t.handle.db, { operations: 200, others: 200 });
  }, 60_000);

  const pageOf = async (filters: OperationFilters, query: PageQuery) => {
    const binding = { customerId: h.customerId, scope: 'account-filter-paging' };
    const plan = planPage(query, codec, binding);
    const { rows, scannedTo } = await listOperations(t.handle.db, h.customerId, filters, plan);
    const keyOf = (row: { created_at: number; id: string }) => ({
      sortValue: row.created_at,
      id: row.id,
    });
    return buildPage(rows, plan, keyOf, (row) => row.id, codec, binding, scannedTo);
  };

  /** Every page to the end, then every page back from the last one to the first. */
  const walk = async (filters: OperationFilters, sortOrder: SortOrder) => {
    const forward: string[][] = [];
    let page = await pageOf(filters, { limit: LIMIT, sortOrder });
    forward.push(page.data);
    while (page.meta.nextCursor !== null) {
      page = await pageOf(filters, { limit: LIMIT, sortOrder, cursor: page.meta.nextCursor });
      forward.push(page.data);
    }
    const backward: string[][] = [page.data];
    while (page.meta.previousCursor !== null) {
      const cursor = page.meta.previousCursor;
      page = await pageOf(filters, { limit: LIMIT, sortOrder, cursor, direction: 'PREVIOUS' });
      backward.unshift(page.data);
    }
    return { forward, backward };
  };

  /** The seeded operations that `keep` keeps, in the list's order. */
  const expected = (keep: (row: NewOperationRow) => boolean, sortOrder: SortOrder) => {
    const ids = h.operations.filter(keep).map((row) => row.id);
    return sortOrder === 'ASCENDING' ? ids : ids.reverse();
  };

  const on = (accounts: string[]) => (row: NewOperationRow) =>
    accounts.includes(row.account_id) || accounts.includes(row.counterparty_account_id ?? '');

  const expectList = async (filters: OperationFilters, keep: (row: NewOperationRow) => boolean) => {
    for (const sortOrder of ['DESCENDING', 'ASCENDING'] as const) {
      const { forward, backward } = await walk(filters, sortOrder);
      const want = expected(keep, sortOrder);
      expect(forward.flat()).toEqual(want);
      expect(backward).toEqual(forward);
      expect(forward.slice(0, -1).every((page) => page.length === LIMIT)).toBe(true);
    }
  };

  it("lists an account's own operations and the transfers to it, in order, forwards and back", async () => {
    await expectList({ accountId: h.busy }, on([h.busy]));
  });

  it("lists a bound client's accounts' operations, a transfer between two of them once", async () => {
    const between = h.operations.filter(
      (row) => row.account_id === h.busy && row.counterparty_account_id === h.peer,
    );
    expect(between.length).toBeGreaterThan(20);
    await expectList({ boundAccounts: [h.busy, h.peer] }, on([h.busy, h.peer]));
    await expectList({ boundAccounts: [h.other, h.peer] }, on([h.other, h.peer]));
  });

  it('applies the other filters in every account read', async () => {
    const from = h.operations[40]!.created_at;
    const to = h.operations[180]!.created_at;
    await expectList(
      { accountId: h.busy, types: ['TRANSFER'], statuses: ['COMPLETED'], from, to },
      (row) =>
        on([h.busy])(row) &&
        row.type === 'TRANSFER' &&
        row.status === 'COMPLETED' &&
        row.created_at >= from &&
        row.created_at < to,
    );
  });

  it('reads the rows as every other read of the table does: amounts exact, times as numbers', async () => {
    const plan = planPage({ limit: 3 }, codec, { customerId: h.customerId, scope: 'types' });
    const { rows } = await listOperations(t.handle.db, h.customerId, { accountId: h.busy }, plan);
    expect(rows.length).toBe(plan.fetch);
    for (const row of rows) {
      expect(row).toEqual(await findOperation(t.handle.db, h.customerId, row.id));
      expect(typeof row.amount).toBe('bigint');
      expect(typeof row.created_at).toBe('number');
    }
  });

  it("lists the filter's account for a client bound to it, and nothing for one bound to others", async () => {
    await expectList({ accountId: h.busy, boundAccounts: [h.peer, h.busy] }, on([h.busy]));
    await expectList({ accountId: h.busy, boundAccounts: [h.peer, h.other] }, () => false);
  });
});
